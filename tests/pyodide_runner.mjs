#!/usr/bin/env node
// Run a Python script inside Pyodide (the npm package, in Node) with the
// repository's src/ on sys.path.
//
//   node tests/pyodide_runner.mjs SCRIPT.py [ARGS...]
//
// The repository's src/ is mounted read-write at /repo/src (NODEFS) and the
// script's folder at /script; the script runs as __main__ with sys.argv set
// to [SCRIPT, ARGS...]. Its stdout/stderr go to ours. Exit status: 0 on
// success, the SystemExit code if it raised one, 1 on any other exception
// (the traceback goes to stderr), 2 on usage errors.
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, "..");
const pyodideDir = path.join(repo, "node_modules", "pyodide");

const [, , scriptArg, ...args] = process.argv;
if (!scriptArg) {
  process.stderr.write("usage: node tests/pyodide_runner.mjs SCRIPT.py [ARGS...]\n");
  process.exit(2);
}
const script = path.resolve(scriptArg);
if (!existsSync(script)) {
  process.stderr.write(`pyodide_runner: no such file: ${script}\n`);
  process.exit(2);
}
if (!existsSync(path.join(pyodideDir, "pyodide.mjs"))) {
  process.stderr.write("pyodide_runner: node_modules/pyodide missing; run scripts/setup\n");
  process.exit(2);
}

const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const write = (stream) => ({
  write(buffer) {
    stream.write(buffer);
    return buffer.length;
  },
});
const pyodide = await loadPyodide({ indexURL: pyodideDir + path.sep });
pyodide.setStdout(write(process.stdout));
pyodide.setStderr(write(process.stderr));

pyodide.mountNodeFS("/repo/src", path.join(repo, "src"));
pyodide.mountNodeFS("/script", path.dirname(script));

const runner = `
import runpy, sys, traceback

def _run(script, argv):
    sys.path.insert(0, "/repo/src")
    sys.path.insert(0, "/script")
    sys.argv = [script, *argv]
    sys.dont_write_bytecode = True
    try:
        runpy.run_path(script, run_name="__main__")
    except SystemExit as exc:
        code = exc.code
        if code is None:
            return 0
        if isinstance(code, int):
            return code
        print(code, file=sys.stderr)
        return 1
    except BaseException:
        traceback.print_exc()
        return 1
    finally:
        sys.stdout.flush()
        sys.stderr.flush()
    return 0
`;
pyodide.runPython(runner);
const run = pyodide.globals.get("_run");
const argv = pyodide.toPy(args);
let status;
try {
  status = run(`/script/${path.basename(script)}`, argv);
} finally {
  argv.destroy();
  run.destroy();
}
process.exitCode = status;
