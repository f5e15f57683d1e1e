"""Brauzeit data: ingredients, wizards, the 16 potions and the 24 heroes.

Potion recipes and points are the spec's (shared/rules/brauzeit.md, DECIDED 2);
the names and the hero orders are ours (rules.md, "Heroes").
Letters: K Kräuter, F Feuerblüten, C Kristalle, D Drachenschuppen,
M Mondwasser, S Sternenstaub.
"""

from __future__ import annotations

from dataclasses import dataclass

INGREDIENTS: tuple[str, ...] = ("K", "F", "C", "D", "M", "S")

INGREDIENT_NAMES: dict[str, tuple[str, str]] = {  # letter -> (German, English)
    "K": ("Kräuter", "Herbs"),
    "F": ("Feuerblüten", "Fire blossoms"),
    "C": ("Kristalle", "Crystals"),
    "D": ("Drachenschuppen", "Dragon scales"),
    "M": ("Mondwasser", "Moon water"),
    "S": ("Sternenstaub", "Stardust"),
}

WIZARD_NAMES: dict[str, tuple[str, str]] = {  # the wizard of each ingredient
    "K": ("Kräuterhexe", "Herb Witch"),
    "F": ("Feuermagier", "Fire Mage"),
    "C": ("Kristallseherin", "Crystal Seer"),
    "D": ("Drachenbändiger", "Dragon Tamer"),
    "M": ("Mondpriesterin", "Moon Priestess"),
    "S": ("Sternenzauberer", "Star Wizard"),
}

# the rulebook names three wizards as women (Kräuterhexe, Kristallseherin,
# Mondpriesterin): log lines about them say "sie" / "she"
WIZARDS_SHE: frozenset[str] = frozenset({"K", "C", "M"})

TIERS: tuple[str, ...] = ("bronze", "silver", "gold")


@dataclass(frozen=True, slots=True)
class Potion:
    id: str
    tier: str  # bronze | silver | gold
    points: int
    recipe: tuple[tuple[str, int], ...]  # (ingredient, units), in ingredient order
    de: str
    en: str

    @property
    def magic(self) -> bool:
        """Silver and gold need every ingredient enchanted by its wizard."""
        return self.tier != "bronze"

    @property
    def ingredients(self) -> tuple[str, ...]:
        return tuple(i for i, _ in self.recipe)


def _p(pid, tier, points, recipe, de, en) -> Potion:
    pairs = tuple((r[0], int(r[1:])) for r in recipe.split())
    return Potion(pid, tier, points, pairs, de, en)


POTION_LIST: tuple[Potion, ...] = (
    _p("B1", "bronze", 3, "K3 F3", "Wärmetrank", "Warming Brew"),
    _p("B2", "bronze", 3, "C3 M3", "Klarsichttropfen", "Clear-Sight Drops"),
    _p("B3", "bronze", 3, "D3 S3", "Funkelschild", "Sparkle Shield"),
    _p("B4", "bronze", 4, "K4 C4", "Heiltrank", "Healing Potion"),
    _p("B5", "bronze", 4, "F4 D4", "Drachenatem", "Dragon's Breath"),
    _p("B6", "bronze", 4, "M4 S4", "Traumtrank", "Dream Draught"),
    _p("S1", "silver", 7, "K3 C3 M3", "Trank der Weisheit", "Potion of Wisdom"),
    _p("S2", "silver", 7, "F3 D3 S3", "Kometenfeuer", "Comet Fire"),
    _p("S3", "silver", 7, "K3 F3 D3", "Trank der Stärke", "Potion of Strength"),
    _p("S4", "silver", 7, "C3 M3 S3", "Unsichtbarkeitstrank", "Invisibility Potion"),
    _p("S5", "silver", 8, "K2 F2 C2 M2", "Verwandlungstrank", "Shapeshifting Potion"),
    _p("S6", "silver", 8, "F2 D2 M2 S2", "Flugtrank", "Flying Potion"),
    _p("G1", "gold", 13, "K4 F4 C4 D4", "Elixier des Lebens", "Elixir of Life"),
    _p("G2", "gold", 13, "C4 D4 M4 S4", "Zeitelixier", "Elixir of Time"),
    _p("G3", "gold", 14, "K3 F3 C3 M3 S3", "Regenbogenelixier", "Rainbow Elixir"),
    _p("G4", "gold", 15, "K3 F3 D3 M3 S3", "Trank der Unsterblichkeit", "Draught of Immortality"),
)

POTIONS: dict[str, Potion] = {p.id: p for p in POTION_LIST}
POTION_IDS: tuple[str, ...] = tuple(p.id for p in POTION_LIST)
TIER_POTIONS: dict[str, tuple[str, ...]] = {
    t: tuple(p.id for p in POTION_LIST if p.tier == t) for t in TIERS
}

# brau.setup: the starting tiers of the six cauldrons
START_TIERS: tuple[str, ...] = ("bronze", "bronze", "bronze", "silver", "silver", "gold")


@dataclass(frozen=True, slots=True)
class Hero:
    id: str
    order: tuple[str, ...]  # distinct potion ids
    de: str
    en: str


def _h(hid, order, de, en) -> Hero:
    return Hero(hid, tuple(order.split()), de, en)


# brau.heroes: 6 heroes order one potion, 8 order two, 6 order three, 4 order
# four. Each potion is ordered 3-4 times in all (bronze 4x each, silver 3x,
# gold 3x or 4x) so no potion is a dead end; a single order is a gold or a
# big silver (quick to satisfy, not cheap), the big orders mix the tiers.
HERO_LIST: tuple[Hero, ...] = (
    _h("H01", "G1", "Königin Amalia", "Queen Amalia"),
    _h("H02", "G2", "Der alte Uhrmacher", "The Old Clockmaker"),
    _h("H03", "G3", "Prinzessin Iris", "Princess Iris"),
    _h("H04", "G4", "Kaiser Aurelius", "Emperor Aurelius"),
    _h("H05", "S5", "Gestaltwandlerin Mira", "Mira the Shapeshifter"),
    _h("H06", "S1", "Gelehrter Bertram", "Bertram the Scholar"),
    _h("H07", "B1 G1", "Ritter Konrad", "Sir Konrad"),
    _h("H08", "B2 G2", "Sterndeuterin Vega", "Vega the Stargazer"),
    _h("H09", "B3 G3", "Bardin Liora", "Liora the Bard"),
    _h("H10", "B4 G4", "Heilerin Greta", "Greta the Healer"),
    _h("H11", "B5 S1", "Drachenreiter Falk", "Falk the Dragon Rider"),
    _h("H12", "B6 S2", "Schlafwandler Udo", "Udo the Sleepwalker"),
    _h("H13", "S3 S4", "Meisterdiebin Nele", "Nele the Master Thief"),
    _h("H14", "S5 S6", "Luftschifferin Wanda", "Wanda the Balloonist"),
    _h("H15", "B1 B3 B5", "Schmied Borin", "Borin the Smith"),
    _h("H16", "B2 B4 B6", "Kräuterweib Hilde", "Hilde the Herbwife"),
    _h("H17", "B1 S1 S6", "Zauberlehrling Timo", "Timo the Apprentice"),
    _h("H18", "B3 S2 S6", "Feuerwehrfrau Ida", "Ida the Firefighter"),
    _h("H19", "B5 S3 G3", "Riese Grumbold", "Grumbold the Giant"),
    _h("H20", "B2 S4 G4", "Spionin Schatten", "Shadow the Spy"),
    _h("H21", "B1 B4 S3 G1", "Abenteurerin Kira", "Kira the Adventurer"),
    _h("H22", "B2 B6 S4 G2", "Hofmagier Merlinus", "Merlinus the Court Mage"),
    _h("H23", "B3 B5 S2 G4", "Drachentöterin Brunhild", "Brunhild the Dragon Slayer"),
    _h("H24", "B4 B6 S5 G3", "König Ottokar", "King Ottokar"),
)

HEROES: dict[str, Hero] = {h.id: h for h in HERO_LIST}
HERO_IDS: tuple[str, ...] = tuple(h.id for h in HERO_LIST)
HEROES_EACH = 3
