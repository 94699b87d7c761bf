"""Keep `None` alive under PySide6 wheels that drop a reference to it on Python 3.11.

PySide6 6.12's wheels, run on Python 3.11, return `None` from every void Qt method without
taking a reference to it, so each call such as `QPainter.drawLine` lowers `None`'s reference
count by one. After a few thousand calls the interpreter aborts with "deallocating None"; some
calls drop `True` and `False` the same way. Python 3.12 made these singletons immortal, so the bug
only bites before 3.12. The guard detects the leak with one void call and, if present, gives the
three singletons a reference count so large that no run can exhaust it.
"""

import ctypes
import sys

_SAFE_REFCOUNT = 1 << 60


def _leaks_none() -> bool:
    from PySide6.QtCore import QPointF

    point = QPointF()
    before = sys.getrefcount(None)
    for _ in range(8):
        point.setX(1.0)
    return sys.getrefcount(None) < before


def install() -> bool:
    """Apply the guard if this interpreter needs it; True if it was applied."""
    if sys.version_info >= (3, 12) or not _leaks_none():
        return False
    # ob_refcnt is the first field of every CPython object (Py_ssize_t).
    for singleton in (None, True, False):
        ctypes.c_ssize_t.from_address(id(singleton)).value = _SAFE_REFCOUNT
    return True


install()
