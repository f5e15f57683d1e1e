"""Shared helpers for the Spieltisch test suite (Pyodide-in-Node, browser)."""
