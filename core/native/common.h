/* What the compiled Sudoku and variants engines (sudoku.c, variants.c) share: the headers
 * every module includes, how often a search polls, how it asks the caller's `stop` and the
 * process's signals, and the module made with its int constants. Header-only: each
 * extension still builds from its own .c file (setup.py), and `python -m core.native`
 * names each one. */
#ifndef CORE_NATIVE_COMMON_H
#define CORE_NATIVE_COMMON_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define STOP_EVERY 64         /* core/search.py's: the nodes between two polls */

/* Every STOP_EVERY nodes: the process's signals (Ctrl+C), then the caller's `stop` (None:
 * none). -1 with a Python error set (a signal's handler or `stop` raised), 1 when `stop`
 * asks the search to end, else 0. */
static int stop_asked(PyObject *stop)
{
    if (PyErr_CheckSignals() < 0) return -1;
    if (stop == Py_None) return 0;
    PyObject *answer = PyObject_CallNoArgs(stop);
    if (!answer) return -1;
    int yes = PyObject_IsTrue(answer);
    Py_DECREF(answer);
    return yes;  /* -1 when its truth could not be told */
}

/* The module of `def` with the int constants `names` (NULL-ended) of `values`; NULL with a
 * Python error set when it could not be made. */
static PyObject *module_with(PyModuleDef *def, const char *const *names, const long *values)
{
    PyObject *m = PyModule_Create(def);
    if (!m) return NULL;
    for (int i = 0; names[i]; i++)
        if (PyModule_AddIntConstant(m, names[i], values[i]) < 0) {
            Py_DECREF(m);
            return NULL;
        }
    return m;
}

#endif
