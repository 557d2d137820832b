/* Taking records out of the cycle collector's lists, for the compiled build (setup.py,
 * PAGETEXT_COMPILE=1); see untrack_records in untrack.py.
 *
 * A page keeps its glyphs, and the cycle collector walks every one of them at its next
 * passes, for nothing: a glyph and its run can be part of no reference cycle. CPython does
 * the same for the tuples and dicts it finds holding atomic values alone. Reference counting
 * still frees the records; a cycle elsewhere that a record refers to stays collectable.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

/* untrack(objects: list) -> None */
static PyObject *
untrack(PyObject *module, PyObject *objects)
{
    if (!PyList_CheckExact(objects)) {
        PyErr_SetString(PyExc_TypeError, "untrack(objects: list)");
        return NULL;
    }
    Py_ssize_t count = PyList_GET_SIZE(objects);
    for (Py_ssize_t i = 0; i < count; i++) {
        PyObject *item = PyList_GET_ITEM(objects, i);
        PyTypeObject *type = Py_TYPE(item);
        /* PyObject_IS_GC written out (a call per item otherwise); PyObject_GC_UnTrack
         * itself leaves an untracked object alone. */
        if (PyType_IS_GC(type) && (type->tp_is_gc == NULL || type->tp_is_gc(item)))
            PyObject_GC_UnTrack(item);
    }
    Py_RETURN_NONE;
}

/* The allocator of records made untracked: a type whose objects can be part of no reference
 * cycle never enters the collector's lists, so no pass over a page's glyphs takes them out
 * again (with them cold in memory by then). PyObject_GC_New links the object to the
 * collector's count without tracking it; the fields are zeroed as the generic allocator
 * does (mypyc reads a NULL field as one not set). Types with items are refused below. */
static PyObject *
alloc_untracked(PyTypeObject *type, Py_ssize_t items)
{
    (void)items;
    PyObject *made = _PyObject_GC_New(type);
    if (made != NULL)
        memset((char *)made + sizeof(PyObject), 0, (size_t)type->tp_basicsize - sizeof(PyObject));
    return made;
}

/* untrack_at_birth(type) -> None: the type's objects are made untracked from now on. */
static PyObject *
untrack_at_birth(PyObject *module, PyObject *type)
{
    if (!PyType_Check(type) || ((PyTypeObject *)type)->tp_alloc != PyType_GenericAlloc
        || ((PyTypeObject *)type)->tp_itemsize != 0 || !PyType_IS_GC((PyTypeObject *)type)) {
        PyErr_SetString(PyExc_TypeError,
                        "untrack_at_birth(type): a collected type of fixed size with the generic allocator");
        return NULL;
    }
    ((PyTypeObject *)type)->tp_alloc = alloc_untracked;
    Py_RETURN_NONE;
}

static PyMethodDef methods[] = {
    {"untrack", (PyCFunction)untrack, METH_O, "untrack(objects): out of the cycle collector's lists"},
    {"untrack_at_birth", (PyCFunction)untrack_at_birth, METH_O,
     "untrack_at_birth(type): its objects made out of the cycle collector's lists"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT,
    .m_name = "_native_untrack",
    .m_doc = "Records taken out of the cycle collector's lists (see glyph.py).",
    .m_size = -1,
    .m_methods = methods,
};

PyMODINIT_FUNC
PyInit__native_untrack(void)
{
    return PyModule_Create(&module_def);
}
