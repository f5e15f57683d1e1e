"""The browser adapter: the only code that imports js / pyscript / pyodide."""
