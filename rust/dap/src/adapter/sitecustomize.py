# jetbrains-debugger: the debuggee side of the debugger, put first on PYTHONPATH of
# the debuggee only. It does two things, then chains to the user's own
# sitecustomize (if any) further along sys.path:
#
# 1. TCP_NODELAY. pydevd writes each DAP message with two
#    sendall() calls on a loopback socket without TCP_NODELAY, so Nagle + delayed
#    ACK add ~40 ms to every request. Every TCP stream socket the process connects
#    or accepts gets TCP_NODELAY.
# 2. The runtime side-effect guard: builtins.__jbd_guarded__(source, purpose, label,
#    guarded) evaluates one expression in the caller's namespace (pydevd's
#    evaluation frame, or the frame of a breakpoint's condition or log message) with
#    hooks active for that evaluation and that thread only, which refuse every
#    Python-level call not compiled from the expression itself, every C call that
#    is not an allow-listed builtin function or method of a builtin type (judged on
#    the real callee: str.replace yes, os.replace no), anything that would consume an
#    iterator, generator or file of the program or insert into its defaultdicts, and
#    every audit event but a few harmless reads (files, processes, sockets,
#    imports...). Checks come before effects: a refusal raises SideEffectsNotAllowed
#    naming what was tried, and nothing it names has run. What the guard needs to know
#    about a program object it reads from its type's C-level slots, never by calling
#    into it or copying it, and an error's text is built without the program's code.
#    One C operation (a big power, product, division) is judged by its operands' sizes
#    before it starts. Each evaluation has a time
#    and a memory budget, and its thread has ended when the answer is given. An
#    expression that can reach no Python code (operators, plain builtins and methods
#    over numbers and strings: the plain path) runs in the caller's thread instead.
#    Python 3.8-3.11 use sys.setprofile/settrace, 3.12+ sys.monitoring.
#    Breakpoint code the user agreed to runs unguarded in the program's thread,
#    stopped at its time budget by a watchdog thread (an async exception).
#    Breakpoint code (conditions, log messages) also tells the server what it is
#    doing, through a small shared file (JBD_ACTIVITY), so that a program stuck in it
#    is reported as busy rather than waited for.
import socket as _jbd_socket


def _jbd_install():
    _orig_connect = _jbd_socket.socket.connect
    _orig_accept = _jbd_socket.socket.accept

    def _nodelay(sock):
        try:
            if sock.family in (_jbd_socket.AF_INET, _jbd_socket.AF_INET6) and (
                sock.type & _jbd_socket.SOCK_STREAM
            ):
                sock.setsockopt(_jbd_socket.IPPROTO_TCP, _jbd_socket.TCP_NODELAY, 1)
        except Exception:
            pass

    def connect(self, *args, **kwargs):
        result = _orig_connect(self, *args, **kwargs)
        _nodelay(self)
        return result

    def accept(self, *args, **kwargs):
        conn, addr = _orig_accept(self, *args, **kwargs)
        _nodelay(conn)
        return conn, addr

    _jbd_socket.socket.connect = connect
    _jbd_socket.socket.accept = accept


def _jbd_install_guard():
    # Imported now (~3 ms) rather than at the first guarded evaluation, which must
    # not change the program's module set; unicodedata is what Python's parser
    # uses to normalise non-ASCII names.
    import ast
    import builtins
    import gc
    import json
    import os
    import unicodedata  # noqa: F401
    import sys
    from _string import formatter_field_name_split, formatter_parser
    import threading
    import time
    from collections import defaultdict as collections_defaultdict
    import _thread
    from _thread import allocate_lock
    from _thread import start_new_thread  # before pydevd patches it

    # How the answer waits until the helper thread is gone, not only done: a lock its
    # thread state releases as it is destroyed (3.8-3.12), or a joinable thread (3.13+).
    set_sentinel = getattr(_thread, "_set_sentinel", None)
    start_joinable_thread = getattr(_thread, "start_joinable_thread", None)

    # Taken before pydevd replaces sys.settrace with a function that warns, in the
    # program's output, about anyone else calling it.
    settrace, setprofile = sys.settrace, sys.setprofile
    monotonic = time.monotonic

    # Budgets of one evaluation: time (breakpoint code runs at every hit, so less),
    # growth of the program's resident memory, and how long a refused evaluation's
    # thread is waited for (it stops at its next hook; one C operation, bounded by
    # the size limits below, may delay that).
    budget_seconds = 2.0
    code_budget_seconds = 1.0
    memory_budget_mb = 256
    settle_seconds = 5.0

    class SideEffectsNotAllowed(Exception):
        """A guarded evaluation tried something that could change the program or the world."""

    # Builtin functions that compute a value and change nothing (next() advances
    # an iterator; iter(f, sentinel) and map/filter hand functions to C code).
    pure_builtins = frozenset(
        "abs all any ascii bin callable chr divmod format getattr hasattr hash hex id "
        "isinstance issubclass len max min oct ord pow repr round sorted sum vars dir".split()
    )
    read_dunders = frozenset(
        "__len__ __contains__ __getitem__ __repr__ __str__ __format__ __hash__ __sizeof__ "
        "__eq__ __ne__ __lt__ __le__ __gt__ __ge__ __iter__ __reversed__".split()
    )
    immutable = (str, bytes, int, float, complex, bool, tuple, frozenset, range, type(None))
    views = (type({}.keys()), type({}.values()), type({}.items()))
    mutable_reads = {
        list: frozenset(("index", "count", "copy")),
        dict: frozenset(("keys", "values", "items", "get", "copy")),
        set: frozenset(
            "union intersection difference symmetric_difference issubset issuperset "
            "isdisjoint copy".split()
        ),
        bytearray: frozenset(
            name
            for name in dir(bytearray)
            if not name.startswith("_")
            and name not in ("append", "clear", "extend", "insert", "pop", "remove", "reverse")
        ),
    }
    for view in views:
        mutable_reads[view] = frozenset(("isdisjoint",))
    type_methods = frozenset(("fromkeys", "maketrans", "from_bytes", "fromhex", "mro"))
    builtin_types = immutable + tuple(mutable_reads) + (slice, object)
    # Calling these types builds a value (map and filter call what they are given:
    # the call hook lets only pure callables be handed to anything).
    pure_types = frozenset(
        (str, bytes, int, float, complex, bool, tuple, frozenset, list, dict, set,
         range, slice, enumerate, reversed, zip, bytearray, map, filter, type)
    )
    # Callables that iterate what they are given, or unpack its items (dict takes
    # pairs): handed as a key or map function, they reach the items of a container.
    consumers = frozenset(
        (sorted, sum, min, max, any, all, list, tuple, set, frozenset, dict, enumerate,
         zip, map, filter, bytes, bytearray, reversed))
    containers = (list, tuple, set, frozenset, dict) + views
    max_scanned = 100000
    harmless_audit_events = frozenset(
        ("builtins.id", "object.__getattr__", "sys._getframe", "sys._getframemodulename")
    )
    builtin_function = type(len)
    method_descriptor = type(str.upper)
    function = type(lambda: None)

    def describe(fn):
        kind = type(fn)
        if kind is not type and is_one_of(type, type_mro(kind)):
            return "the class %s" % type_name(fn)  # one with a metaclass: no attribute read
        if not is_of(fn, (builtin_function, method_descriptor, function, type)):
            # Any other callable: its type's name only (no program hook may run here).
            return "a %s object" % type_name(kind)
        owner = getattr(fn, "__self__", None)
        name = getattr(fn, "__qualname__", None) or getattr(fn, "__name__", "?")
        module = getattr(owner, "__name__", None) if type(owner) is type(sys) else None
        if module:
            return module + "." + getattr(fn, "__name__", "?")
        code = getattr(fn, "__code__", None)
        if code is not None:
            return "%s (%s:%d)" % (name, code.co_filename, code.co_firstlineno)
        return name

    # C-level reads of a class (its metaclass's __getattribute__ is program code).
    type_name = type.__dict__["__qualname__"].__get__
    type_dict = type.__dict__["__dict__"].__get__
    type_mro = type.__dict__["__mro__"].__get__

    def is_one_of(kind, kinds):
        """`kind in kinds` by identity: `==` or a hash of a class runs its metaclass's
        __eq__ or __hash__, which are program code."""
        for k in kinds:
            if kind is k:
                return True
        return False

    def is_of(value, kinds):
        return is_one_of(type(value), kinds)

    def mro_of(value):
        return type_mro(type(value))

    def is_defaultdict(value):
        return is_one_of(collections_defaultdict, mro_of(value))

    def pure_method(owner_type, name):
        if name.startswith("__"):
            return name in read_dunders and is_one_of(owner_type, builtin_types)
        if is_one_of(owner_type, immutable):
            return True
        return is_one_of(owner_type, builtin_types) and name in mutable_reads.get(owner_type, ())

    def pure_c_call(fn, first_arg=None):
        """Whether calling the C callable `fn` (with first argument `first_arg`,
        for unbound method descriptors) changes nothing."""
        kind = type(fn)
        if kind is builtin_function:
            owner = fn.__self__
            if owner is builtins:
                return fn.__name__ in pure_builtins
            if type(owner) is type and owner in builtin_types:
                return fn.__name__ in type_methods or fn.__name__ in read_dunders
            return pure_method(type(owner), fn.__name__)
        if kind is method_descriptor:
            owner = fn.__objclass__
            return type(first_arg) is owner and pure_method(owner, fn.__name__)
        if kind is type:
            return fn in pure_types
        return False

    page_size = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096

    def resident_bytes(statm):
        """The program's resident memory, read from an open /proc/self/statm (pread
        raises no audit event, so the guarded thread may call it)."""
        return int(os.pread(statm, 100, 0).split()[1]) * page_size

    statm_opened = []

    def statm():
        """/proc/self/statm, opened once (by a caller, outside any guard) and kept;
        None where there is no /proc (no memory budget there)."""
        if not statm_opened:
            try:
                statm_opened.append(os.open("/proc/self/statm", os.O_RDONLY))
                resident_bytes(statm_opened[0])
            except (OSError, AttributeError):
                statm_opened[:] = [None]
        return statm_opened[0]

    class Guard:
        __slots__ = (
            "thread", "codes", "top", "deadline", "budget", "refused", "armed", "created",
            "keep", "namespace", "statm", "resident_start", "next_memory_check")

        def __init__(self, code, codes, budget):
            self.thread = threading.get_ident()
            self.top = code
            self.codes = codes
            self.budget = budget
            self.deadline = monotonic() + budget
            self.refused = None
            # Set while the expression itself runs (not while hooks are being set).
            self.armed = False
            # Ids of iterators the expression made (they may be consumed), kept alive.
            self.created = set()
            self.keep = []
            self.namespace = {}
            self.statm = statm()
            self.resident_start = None if self.statm is None else resident_bytes(self.statm)
            self.next_memory_check = 0.0

        def refuse(self, what):
            if self.refused is None:
                self.refused = what
            raise SideEffectsNotAllowed(what)

        def tick(self):
            """At every hook: a refusal is final (C code that swallowed it gets it
            again), and the budgets are checked."""
            if self.refused is not None:
                raise SideEffectsNotAllowed(self.refused)
            now = monotonic()
            if now > self.deadline:
                self.refuse("ran longer than %g s (guarded evaluations have a time budget)"
                            % self.budget)
            if now >= self.next_memory_check and self.statm is not None:
                self.next_memory_check = now + 0.002
                grown = resident_bytes(self.statm) - self.resident_start
                if grown > memory_budget_mb * 2 ** 20:
                    self.refuse("grew the program's memory by more than %d MB (guarded "
                                "evaluations have a memory budget)" % memory_budget_mb)

    active = {}  # thread id -> Guard

    def audit(event, args):
        if not active:
            return
        guard = active.get(threading.get_ident())
        if guard is None or not guard.armed or event in harmless_audit_events:
            return
        if event == "exec" and args and args[0] is guard.top:
            return
        guard.refuse("raised the audit event %r%s" % (event, _short(args)))

    def _short(args):
        try:
            text = repr(args)
        except Exception:
            return ""
        return " " + (text if len(text) <= 120 else text[:117] + "...")

    audit_installed = []

    def install_audit():
        if not audit_installed:
            sys.addaudithook(audit)
            audit_installed.append(True)

    # The guard's own frames: their calls (eval, setprofile...) are not the expression's.
    own_codes = set()

    def profile(frame, event, arg):
        guard = active.get(threading.get_ident())
        if guard is None:
            return
        if frame.f_code in own_codes:
            return
        if event == "call":
            if frame.f_code not in guard.codes:
                guard.refuse("calls the Python function %s (%s:%d)" % (
                    frame.f_code.co_name, frame.f_code.co_filename, frame.f_lineno))
        elif event == "c_call" and not pure_c_call(arg):
            guard.refuse("calls %s, which is not an allow-listed builtin" % describe(arg))
        guard.tick()

    def trace(frame, event, arg):
        guard = active.get(threading.get_ident())
        if guard is None or frame.f_code not in guard.codes:
            return None
        guard.tick()
        return trace

    def run_with_profile(guard, code, namespace):
        old_trace, old_profile = sys.gettrace(), sys.getprofile()
        settrace(trace)
        setprofile(profile)
        try:
            guard.armed = True
            return eval(code, namespace)
        finally:
            guard.armed = False
            setprofile(old_profile)
            settrace(old_trace)

    def run_with_monitoring(guard, code, namespace):
        mon = sys.monitoring
        tool = next((t for t in (5, 4, 3) if mon.get_tool(t) is None), None)
        if tool is None:
            guard.refuse("cannot be guarded: no sys.monitoring tool id is free")
        mon.use_tool_id(tool, "jetbrains-debugger guard")
        ev = mon.events

        def on_start(code_object, offset):
            if threading.get_ident() != guard.thread:
                return
            if code_object not in guard.codes and code_object not in own_codes:
                guard.refuse("calls the Python function %s (%s:%d)" % (
                    code_object.co_name, code_object.co_filename, code_object.co_firstlineno))
            if code_object in guard.codes:
                guard.tick()  # its own lambdas called by C code (a sort key) count too

        def on_call(code_object, offset, fn, first_arg):
            if threading.get_ident() != guard.thread or code_object in own_codes:
                return
            if any(fn is hook for hook in hook_functions):
                return  # the instrumentation's own hooks: they judge the call themselves
            own = type(fn) is function and fn.__code__ in guard.codes
            if is_of(first_arg, uncopyable_iterators):
                guard.refuse("hands a generator of the program to %s, which would resume it"
                             % describe(fn))
            if not own and not pure_c_call(fn, first_arg):
                guard.refuse("calls %s, which is not an allow-listed builtin" % describe(fn))
            guard.tick()

        def on_jump(code_object, offset, target):
            if threading.get_ident() == guard.thread:
                guard.tick()

        try:
            mon.register_callback(tool, ev.PY_START, on_start)
            mon.register_callback(tool, ev.PY_RESUME, on_start)
            mon.register_callback(tool, ev.CALL, on_call)
            mon.register_callback(tool, ev.JUMP, on_jump)
            mon.set_events(tool, ev.PY_START | ev.PY_RESUME | ev.CALL | ev.JUMP)
            guard.armed = True
            return eval(code, namespace)
        finally:
            guard.armed = False
            mon.set_events(tool, 0)
            for event in (ev.PY_START, ev.PY_RESUME, ev.CALL, ev.JUMP):
                mon.register_callback(tool, event, None)
            mon.free_tool_id(tool)

    def shield(namespace, names):
        """Replace, in the evaluation's copy of the namespace, each defaultdict (which
        inserts on a missing key in C, out of the hooks' sight) by a plain dict of its
        items. Only the top-level names the expression's code names (a module may have
        hundreds): what it reaches otherwise (attributes, containers, vars()) is judged
        by the hooks as the expression reaches it. What a value is, is learnt from its
        type's C-level slots only: no attribute, len, iter or copy of a program object
        runs here, so naming a value changes nothing whether the expression is answered
        or refused. Iterators and generators stay as they are: the hooks refuse
        whatever would advance them, before it starts."""
        for name in names:
            if name in namespace and is_defaultdict(namespace[name]):
                namespace[name] = dict.copy(namespace[name])

    def shield_generator():
        yield

    async def shield_coroutine():
        pass

    async def shield_async_generator():
        yield

    coroutine = shield_coroutine()
    uncopyable_iterators = (
        type(shield_generator()), type(coroutine), type(shield_async_generator()))
    coroutine.close()

    # The expression is compiled from an instrumented tree: every call, attribute
    # read, subscript, comprehension source, unpacking and membership test goes
    # through these hooks, which see the real objects (what a profile hook cannot:
    # calls to classes, slot wrappers such as list.__setitem__, functions handed to C
    # code such as key=, and C code iterating or indexing program objects).
    (CALL_HOOK, ATTR_HOOK, ITEM_HOOK, ITER_HOOK, BINOP_HOOK, WIDTH_HOOK, SLICE, IN_HOOK,
     UNPACK_HOOK) = hook_names = (
        "__jbd_call__", "__jbd_attr__", "__jbd_item__", "__jbd_iter__", "__jbd_binop__",
        "__jbd_width__", "__jbd_slice__", "__jbd_in__", "__jbd_unpack__")
    method_wrapper = type((0).__add__)
    read_only_names = read_dunders | frozenset(
        "__class__ __dict__ __name__ __qualname__ __module__ __doc__ __file__ __mro__ "
        "__bases__ __self__ __func__ __objclass__".split())

    def current():
        guard = active[threading.get_ident()]
        guard.tick()
        return guard

    def is_iterator(value):
        return any("__next__" in type_dict(k) for k in mro_of(value))

    def programs_iterator(guard, value):
        """What would advance if C code iterated `value`: a generator, coroutine,
        file or other iterator the expression did not make; None if nothing."""
        kind = type(value)
        if is_of(value, uncopyable_iterators):
            if getattr(value, "gi_code", None) not in guard.codes:
                return "a generator"
        elif is_iterator(value) and id(value) not in guard.created:
            return "an iterator"
        return None

    # Builtins that read what they are given without iterating it (Python code they
    # could reach, an __instancecheck__ or a __repr__, is judged by the hooks).
    inert_to_iterators = (type, id, isinstance, issubclass, callable, repr, ascii)

    def check_argument(guard, fn, value):
        """A value handed to a call: C code could call it or consume it unseen."""
        found = None if is_one_of(fn, inert_to_iterators) else programs_iterator(guard, value)
        if found == "a generator":
            guard.refuse("hands a generator of the program to %s, which would resume it"
                         % describe(fn))
        elif found:
            guard.refuse("hands an iterator of the program to %s, which would advance it"
                         % describe(fn))
        elif callable(value) and not pure_callable(guard, value):
            guard.refuse("hands %s to %s, which may call it" % (describe(value), describe(fn)))

    def is_consumer(value):
        kind = type(value)
        if kind is builtin_function and value.__name__ == "join":
            return is_of(value.__self__, (str, bytes, bytearray))
        return (kind is builtin_function or kind is type) and value in consumers

    def check_items(guard, fn, values, depth):
        """The items of builtin containers in `values`, `depth` levels down: a
        consumer handed along (a key function, dict's pairs) would iterate them."""
        pending = [(v, depth) for v in values]
        scanned = 0
        while pending:
            value, level = pending.pop()
            if not is_of(value, containers):
                continue
            items = list(value.items()) if type(value) is dict else value
            for item in items:
                scanned += 1
                if scanned > max_scanned:
                    guard.refuse("hands %s more than %d items to check" % (describe(fn), max_scanned))
                found = programs_iterator(guard, item)
                if found:
                    guard.refuse("hands %s %s of the program inside a container, which it "
                                 "would advance" % (describe(fn), found))
                if level > 1:
                    pending.append((item, level - 1))

    def check_format_fields(guard, fmt, args, kwargs):
        """str.format and format_map look fields up in C (`{0.a[k]}`): each lookup
        is made here first, through the hooks, so that a property or a special
        method of the program is refused and a defaultdict is never inserted into."""
        try:
            fields = [field for _, field, _, _ in formatter_parser(fmt) if field is not None]
        except ValueError:
            return  # str.format raises the same error without formatting anything
        automatic = 0
        for field in fields:
            try:
                first, rest = formatter_field_name_split(field)
            except ValueError:
                return
            steps = list(rest)
            if first == "":
                first, automatic = automatic, automatic + 1
            if type(first) is int:
                if first >= len(args):
                    continue
                value = args[first]
            elif type(kwargs) is dict:
                if first not in kwargs:
                    continue
                value = kwargs[first]
            else:
                value = item_hook(kwargs, first)
            for is_attribute, key in steps:
                value = attr_hook(value, key) if is_attribute else item_hook(value, key)

    def pure_callable(guard, fn, first_arg=None):
        kind = type(fn)
        if kind is function:
            return fn.__code__ in guard.codes
        if kind is method_wrapper:
            owner = fn.__self__
            return fn.__name__ in read_dunders and is_of(owner, builtin_types)
        return pure_c_call(fn, first_arg)

    # Size limits: one C operation (a repetition, a power, a padding) cannot be
    # interrupted once started, so the hooks refuse the huge ones before they start.
    max_items = 10 ** 7
    max_bits = 10 ** 6
    sequences = (str, bytes, bytearray, list, tuple)
    sizing_methods = frozenset(("ljust", "rjust", "center", "zfill", "expandtabs"))

    def wide_format(text):
        """A format string asking for a width or precision over max_items."""
        run = 0
        for ch in text:
            run = run + 1 if "0" <= ch <= "9" else 0
            if run > 7:
                return True
        return False

    def takes_widths_from_arguments(fmt):
        """A str.format string whose width or precision is itself a field (`'{:>{}}'`)."""
        try:
            return any(spec and "{" in spec for _, _, spec, _ in formatter_parser(fmt))
        except ValueError:
            return False  # str.format raises the same error without formatting anything

    def huge_int_among(values):
        return any(type(v) is int and abs(v) > max_items for v in values)

    # pow and divmod are sized where the expression calls them; a C function that
    # calls them itself (map, a key of max or sorted) fires no hook at each call.
    sized_callables = (pow, divmod)

    def check_sizes(guard, fn, args, kwargs):
        if type(fn) is not function:
            for value in list(args) + list(kwargs.values()):
                if any(value is sized for sized in sized_callables):
                    guard.refuse("hands %s to %s, which would call it where its arguments "
                                 "cannot be sized before it runs" % (describe(value), describe(fn)))
        ints = [a for a in args if type(a) is int]
        if fn is range or fn is bytes or fn is bytearray or (
                type(fn) is builtin_function and fn.__name__ in sizing_methods):
            if any(abs(a) > max_items for a in ints):
                guard.refuse("asks %s for more than %d items" % (describe(fn), max_items))
        if fn is pow:
            check_power(guard, list(args) + [kwargs[k] for k in ("base", "exp", "mod") if k in kwargs])
        if fn is divmod and len(args) == 2:
            check_division(guard, args[0], args[1])
        if fn is sum:
            check_concatenation(guard, args, kwargs)
        if fn is format:
            specs = [a for a in args[1:] if type(a) is str]
        elif type(fn) is builtin_function and type(fn.__self__) is str and fn.__name__ in (
                "format", "format_map"):
            specs = [fn.__self__]
            if fn.__name__ == "format":
                check_format_fields(guard, fn.__self__, args, kwargs)
            elif args:
                if is_defaultdict(args[0]):
                    guard.refuse("formats through a defaultdict of the program, which would "
                                 "insert the keys it misses")
                check_format_fields(guard, fn.__self__, (), args[0])
        else:
            specs = []
        if any(wide_format(spec) for spec in specs):
            guard.refuse("formats to a width over %d" % max_items)
        if specs and fn is not format and takes_widths_from_arguments(specs[0]):
            values = list(args) + list(kwargs.values())
            if fn.__name__ == "format_map" and args and type(args[0]) is dict:
                values += list(args[0].values())
            if huge_int_among(values):
                guard.refuse("formats to a width over %d" % max_items)

    # One multiplication, division or modular power cannot be stopped once started
    # either: their cost is known from the sizes of their operands, before they run.
    # (quotient bits) x (divisor bits) of a schoolbook division: ~0.6 s.
    max_division_work = 3 * 10 ** 11
    # (exponent bits) x (modulus bits) ** 1.585 of a modular power: ~0.3 s.
    max_modular_work = 2 * 10 ** 9

    def int_bits(value):
        """The size of an int (of an int subclass too: its arithmetic is int's C code,
        unless it overrides it, and then the hooks judge that), or None."""
        return int.bit_length(value) if is_one_of(int, mro_of(value)) else None

    def check_division(guard, left, right):
        bits = int_bits(left), int_bits(right)
        if None not in bits and (bits[0] - bits[1]) * bits[1] > max_division_work:
            guard.refuse("divides numbers too large to divide within the time budget (%d and "
                         "%d bits)" % bits)

    def check_power(guard, values):
        bits = [int_bits(v) for v in values]
        if len(values) == 2 and None not in bits and int.__gt__(values[1], 0) and (
                bits[0] * values[1] > max_bits):
            guard.refuse("raises to a power of more than %d bits" % max_bits)
        if len(values) == 3 and None not in bits and (
                bits[1] * max(bits[2], 64) ** 1.585 > max_modular_work):
            guard.refuse("computes a modular power too large to finish within the time "
                         "budget (a %d-bit exponent, a %d-bit modulus)" % (bits[1], bits[2]))

    def check_concatenation(guard, args, kwargs):
        """sum(lists, []) copies what it has so far at each item: its work is known
        from the items' lengths, read first (on builtin containers only)."""
        start = args[1] if len(args) > 1 else kwargs.get("start")
        if not is_of(start, sequences) or not args:
            return
        if not is_of(args[0], containers):
            guard.refuse("concatenates sequences with sum over something whose size is only "
                         "known by running it")
        items = base_of(args[0]).__iter__(args[0]) if base_of(args[0]) else iter(args[0])
        length, work = len(start), 0
        for scanned, item in enumerate(items):
            if scanned > max_scanned:
                guard.refuse("hands %s more than %d items to check" % (describe(sum), max_scanned))
            if not is_of(item, sequences):
                break  # sum fails on it, or a hook judges what it calls
            length += len(item)
            work += length
            if work > max_items:
                guard.refuse("concatenates sequences with sum, copying more than %d items"
                             % max_items)

    def width_hook(value):
        """A computed part of an f-string format spec (`f'{x:>{w}}'`)."""
        if (type(value) is int and abs(value) > max_items) or (
                type(value) is str and wide_format(value)):
            current().refuse("formats to a width over %d" % max_items)
        return value

    def binop_hook(op, left, right):
        guard = current()
        if op == "+":
            if is_of(left, sequences) and is_of(right, sequences) and (
                    len(left) + len(right) > max_items):
                guard.refuse("concatenates to more than %d items" % max_items)
            return left + right
        if op == "*":
            for seq, count in ((left, right), (right, left)):
                if is_of(seq, sequences) and type(count) is int and len(seq) * count > max_items:
                    guard.refuse("repeats a sequence to more than %d items" % max_items)
            bits = int_bits(left), int_bits(right)
            if None not in bits and bits[0] + bits[1] > max_bits:
                guard.refuse("computes a number of more than %d bits" % max_bits)
            return left * right
        if op == "//":
            check_division(guard, left, right)
            return left // right
        if op == "%":
            if is_of(left, (str, bytes)) and wide_format(
                    left if type(left) is str else left.decode("latin-1")):
                guard.refuse("formats to a width over %d" % max_items)
            # `'%*s' % (width, text)`: the width comes from the right-hand side.
            star = "*" if type(left) is str else b"*"
            if is_of(left, (str, bytes)) and star in left and huge_int_among(
                    right if type(right) is tuple else (right,)):
                guard.refuse("formats to a width over %d" % max_items)
            if is_of(left, (str, bytes)) and is_defaultdict(right):
                # `'%(k)s' % counts` looks keys up in C: on a copy, no key is inserted.
                try:
                    return left % dict.copy(right)
                except KeyError:
                    guard.refuse("formats through a defaultdict of the program, which would "
                                 "insert the keys it misses")
            check_division(guard, left, right)
            return left % right
        if None not in (int_bits(left), int_bits(right)) and int.__gt__(right, 0):
            bits = right if op == "<<" else int_bits(left) * right
            if bits > max_bits:
                guard.refuse("computes a number of more than %d bits" % max_bits)
        return left ** right if op == "**" else left << right

    def call_hook(fn, *args, **kwargs):
        guard = current()
        if (fn is vars or fn is dir) and not args and not kwargs:
            # Without arguments they would show this hook's frame: show the program's.
            names = {k: v for k, v in guard.namespace.items() if k not in hook_names}
            return names if fn is vars else sorted(names)
        if not pure_callable(guard, fn, args[0] if args else None):
            guard.refuse("calls %s, which is not an allow-listed builtin" % describe(fn))
        for value in args:
            check_argument(guard, fn, value)
        for value in kwargs.values():
            check_argument(guard, fn, value)
        handed = list(args) + list(kwargs.values())
        if any(is_consumer(value) for value in handed):
            check_items(guard, fn, handed, 2)
        elif fn is dict:  # pairs are unpacked; a mapping is copied
            check_items(guard, fn, [a for a in args if type(a) is not dict], 1)
        check_sizes(guard, fn, args, kwargs)
        result = fn(*args, **kwargs)
        if makes_iterator(fn) and is_iterator(result):
            guard.created.add(id(result))
            guard.keep.append(result)  # so that its id is not reused
        return result

    def makes_iterator(fn):
        """Whether `fn` returns a new iterator (getattr or vars return the program's)."""
        if any(fn is maker for maker in (map, filter, zip, enumerate, reversed)):
            return True
        return is_of(fn, (builtin_function, method_wrapper)) and fn.__name__ in (
            "__iter__", "__reversed__") and is_of(fn.__self__, builtin_types)

    def attr_hook(value, name):
        if name.startswith("__") and name.endswith("__") and name not in read_only_names:
            current().refuse("reads the special attribute %s" % name)
        current()
        return getattr(value, name)

    def item_hook(value, key):
        guard = current()
        if is_defaultdict(value):
            if not dict.__contains__(value, key):
                guard.refuse("reads the missing key %s of a defaultdict of the program, which "
                             "would insert it" % _short((key,)).strip())
            return dict.__getitem__(value, key)
        return value[key]

    def iter_hook(value):
        found = programs_iterator(current(), value)
        if found == "a generator":
            current().refuse("iterates over a generator of the program, which would resume it")
        if found:
            current().refuse("iterates over an iterator of the program, which would advance it")
        return value

    def in_hook(value):
        """The right side of `in`: C code iterates it when it has no __contains__."""
        found = programs_iterator(current(), value)
        if found:
            current().refuse("tests membership in %s of the program, which would advance it"
                             % found)
        return value

    def unpack_hook(source, depth):
        """A comprehension's source whose items the target unpacks (`for a, b in
        pairs`): each item is checked before the unpacking iterates it."""
        guard = current()
        for item in source:
            pending = [(item, depth)]
            while pending:
                value, level = pending.pop()
                if programs_iterator(guard, value):
                    guard.refuse("unpacks an iterator of the program, which would advance it")
                if level > 1 and is_of(value, (list, tuple)):
                    pending.extend((v, level - 1) for v in value)
            yield item

    # The instrumenting of an expression's tree: built once, used for every new expression.
    def hook(name, node, *args):
        call = ast.Call(func=ast.Name(id=name, ctx=ast.Load()), args=list(args), keywords=[])
        return ast.copy_location(call, node)

    sized_operators = {ast.Mult: "*", ast.Pow: "**", ast.LShift: "<<", ast.Mod: "%",
                       ast.Add: "+", ast.FloorDiv: "//"}

    def as_expression(key):
        """A subscript's key as an expression: Python 3.8 wraps it in Index,
        Slice or ExtSlice nodes, which are no expressions there."""
        kind = type(key).__name__
        if kind == "Index":
            return key.value
        if kind == "ExtSlice":
            return ast.copy_location(
                ast.Tuple(elts=[as_expression(d) for d in key.dims], ctx=ast.Load()), key)
        if kind == "Slice" and sys.version_info < (3, 9):
            bounds = [b if b is not None else ast.Constant(None)
                      for b in (key.lower, key.upper, key.step)]
            return hook(SLICE, key, *bounds)
        return key

    def unpacking_depth(target):
        if isinstance(target, (ast.Tuple, ast.List)):
            return 1 + max([unpacking_depth(t) for t in target.elts] or [0])
        if isinstance(target, ast.Starred):
            return unpacking_depth(target.value)
        return 0

    class Instrument(ast.NodeTransformer):
        def visit_Call(self, node):
            self.generic_visit(node)
            node.args.insert(0, node.func)
            node.func = ast.copy_location(ast.Name(id=CALL_HOOK, ctx=ast.Load()), node)
            return node

        def visit_Attribute(self, node):
            self.generic_visit(node)
            if not isinstance(node.ctx, ast.Load):
                return node
            return hook(ATTR_HOOK, node, node.value, ast.copy_location(ast.Constant(node.attr), node))

        def visit_Subscript(self, node):
            self.generic_visit(node)
            if not isinstance(node.ctx, ast.Load):
                return node
            return hook(ITEM_HOOK, node, node.value, as_expression(node.slice))

        def visit_BinOp(self, node):
            self.generic_visit(node)
            op = sized_operators.get(type(node.op))
            if op is None:
                return node
            return hook(BINOP_HOOK, node, ast.copy_location(ast.Constant(op), node),
                        node.left, node.right)

        def visit_Starred(self, node):
            self.generic_visit(node)
            if isinstance(node.ctx, ast.Load):
                node.value = hook(ITER_HOOK, node.value, node.value)
            return node

        def visit_Compare(self, node):
            self.generic_visit(node)
            node.comparators = [
                hook(IN_HOOK, right, right) if isinstance(op, (ast.In, ast.NotIn)) else right
                for op, right in zip(node.ops, node.comparators)]
            return node

        def visit_YieldFrom(self, node):
            self.generic_visit(node)
            node.value = hook(ITER_HOOK, node.value, node.value)
            return node

        def visit_FormattedValue(self, node):
            self.generic_visit(node)
            for part in node.format_spec.values if node.format_spec is not None else ():
                if type(part) is ast.Constant and type(part.value) is str and wide_format(
                        part.value):
                    raise SideEffectsNotAllowed("formats to a width over %d" % max_items)
                if type(part) is ast.FormattedValue:
                    part.value = hook(WIDTH_HOOK, part.value, part.value)
            return node

        def visit_comprehension(self, node):
            self.generic_visit(node)
            node.iter = hook(ITER_HOOK, node.iter, node.iter)
            depth = unpacking_depth(node.target)
            if depth:
                node.iter = hook(UNPACK_HOOK, node.iter, node.iter,
                                 ast.copy_location(ast.Constant(depth), node.iter))
            return node

    instrumenter = Instrument()  # keeps no state between visits
    # What the instrumented code calls, by the names it calls them.
    hooks = {CALL_HOOK: call_hook, ATTR_HOOK: attr_hook, ITEM_HOOK: item_hook,
             ITER_HOOK: iter_hook, BINOP_HOOK: binop_hook, WIDTH_HOOK: width_hook,
             SLICE: slice, IN_HOOK: in_hook, UNPACK_HOOK: unpack_hook}

    def instrument(source):
        """The code object of `source` (one expression) with the hooks in place."""
        tree = instrumenter.visit(ast.parse(source, "<guarded evaluation>", "eval"))
        return compile(ast.fix_missing_locations(tree), "<guarded evaluation>", "eval")

    # What an evaluation computes, by purpose: the value (evaluate, watches, trace
    # expressions), a condition's truth, a log message part's text; all inside the
    # guard, so that no __bool__ or __str__ of the program runs after it.
    wrappers = {"value": "%s", "condition": "bool(\n%s\n)", "log": "str(\n%s\n)"}
    plain_purposes = {"value": lambda value: value, "condition": bool, "log": str}
    compiled = {}  # (purpose, guarded, source) -> (code, its code objects, the names they read)

    def compile_for(purpose, source, guarded):
        key = (purpose, guarded, source)
        found = compiled.get(key)
        if found is None:
            wrapped = wrappers[purpose] % source
            if guarded:
                code = instrument(wrapped)
            else:
                code = compile(wrapped, "<breakpoint code>", "eval")
            codes = set()
            pending = [code]
            while pending:
                c = pending.pop()
                codes.add(c)
                pending.extend(k for k in c.co_consts if type(k) is type(code))
            if len(compiled) > 256:
                compiled.clear()
            names = frozenset(name for c in codes for name in c.co_names)
            found = compiled[key] = (code, frozenset(codes), names)
        return found

    # The plain path. An expression made only of operators, comparisons, constants,
    # tuples and lists, reads of values of the plain types below, calls of the plain
    # builtins and methods of what those give reaches only objects of builtin types
    # whose operations are C code: no code of the program (nor any other Python code)
    # can run, which is what the helper thread and its profile exist to catch. So it
    # runs in the caller's thread, on a namespace of just the names it reads, with the
    # same hooks judging its calls, attributes, sizes and budgets, and the audit hook
    # armed: a fraction of the cost, at every hit of a condition such as `i == 500`.
    # encode and decode are left out: codecs and error handlers are Python code, and
    # looking a codec up imports it.
    plain_types = frozenset((int, float, complex, bool, str, bytes, type(None)))
    plain_builtins = {
        name: getattr(builtins, name)
        for name in ("abs all any ascii bin bool chr divmod float hex int len max min "
                     "oct ord repr sorted str sum tuple").split()}
    unplain_methods = frozenset(("encode", "decode"))
    plain_nodes = (ast.Expression, ast.Constant, ast.Name, ast.BinOp, ast.UnaryOp,
                   ast.BoolOp, ast.Compare, ast.IfExp, ast.Tuple, ast.List, ast.Call,
                   ast.Attribute, ast.Subscript, ast.Slice, ast.Load, ast.operator,
                   ast.unaryop, ast.boolop, ast.cmpop)
    plain_forms = {}  # source -> (code, names read as values, names called) or None

    def plain_form(source):
        """The plain path's compiled form of `source`, or None if it is not plain."""
        if source in plain_forms:
            return plain_forms[source]
        form = None
        try:
            tree = ast.parse(source, "<guarded evaluation>", "eval")
        except SyntaxError:
            tree = None  # the guarded path reports it
        if tree is not None:
            read, called, callees = set(), set(), set()
            for node in ast.walk(tree):  # breadth first: a call before its callee
                if not isinstance(node, plain_nodes):
                    break
                if type(node) is ast.Call:
                    if node.keywords or not (
                            type(node.func) is ast.Name and node.func.id in plain_builtins
                            or type(node.func) is ast.Attribute
                            and node.func.attr not in unplain_methods):
                        break
                    if type(node.func) is ast.Name:
                        called.add(node.func.id)
                        callees.add(node.func)
                elif type(node) is ast.Name and node not in callees:
                    read.add(node.id)
            else:
                form = (compile(ast.fix_missing_locations(instrumenter.visit(tree)),
                                "<guarded evaluation>", "eval"),
                        frozenset(read), frozenset(called))
        if len(plain_forms) > 256:
            plain_forms.clear()
        plain_forms[source] = form
        return form

    def plain_namespace(form, globals_, locals_):
        """The names `form` reads, from the caller's namespaces, with the hooks; None
        if one is not of a plain type, or a called builtin is not the original
        (shadowed by the program, or replaced in builtins)."""
        namespace = dict(hooks)
        own = globals_.get("__builtins__")
        own = vars(own) if type(own) is type(builtins) else own
        for name in form[2]:
            if name in locals_ or name in globals_ or type(own) is not dict or (
                    own.get(name) is not plain_builtins[name]):
                return None
            namespace[name] = plain_builtins[name]
        for name in form[1]:
            if name in locals_:
                value = locals_[name]
            elif name in globals_:
                value = globals_[name]
            else:
                return None
            if not is_of(value, plain_types):
                return None
            namespace[name] = value
        return namespace

    def run_plain(code, namespace, label):
        guard = Guard(code, frozenset((code,)),
                      budget_seconds if label is None else code_budget_seconds)
        guard.namespace = namespace
        install_audit()
        gc_was_enabled = gc.isenabled()
        gc.disable()  # no finalizer of the program runs while the audit hook judges
        active[guard.thread] = guard
        activity.begin(label)
        try:
            guard.armed = True
            value = eval(code, namespace)
        except BaseException as error:
            error.__traceback__ = None  # its frames hold what the expression made
            raise
        finally:
            guard.armed = False
            del active[guard.thread]
            activity.end()
            if gc_was_enabled:
                gc.enable()
        if guard.refused is not None:  # also when C code swallowed the refusal
            raise SideEffectsNotAllowed(guard.refused)
        return value

    activity = _JbdActivity()

    def guarded(source, purpose="value", label=None, guard=True):
        """Evaluate `source` (one expression) in the caller's namespace for
        `purpose` (see `wrappers`), under the guard unless `guard` is false (the
        user agreed to its side effects: breakpoint code then runs as written, in the
        program's thread, reported as busy while it runs and stopped at its time
        budget by run_bounded); raise SideEffectsNotAllowed if it
        tried anything but pure reads. `label` names breakpoint code ("the condition
        of bp-3") for the busy report and the refusal; a refused condition holds (the
        program stops and the server says why), a refused log message part is logged
        as what was refused.

        pydevd evaluates inside its trace function, where CPython delivers no
        profile, trace or monitoring events; so the expression runs on a helper
        thread started with the original _thread.start_new_thread (pydevd does not
        trace it), while the caller waits, bounded by the time budget."""
        caller = sys._getframe(1)
        try:
            return evaluate_in(caller.f_globals, caller.f_locals, source, purpose, label, guard)
        finally:
            del caller

    class OverBudget(BaseException):
        """Raised in the thread running breakpoint code the user agreed to, once it
        runs past its time budget. A BaseException: the program's own `except
        Exception` (code the condition calls) does not swallow it."""

    # Breakpoint code the user agreed to runs as written, in the program's thread
    # (its thread-locals, context and asyncio loop are the program's): no hook can
    # watch it there (pydevd runs it inside its trace function), so a watchdog thread
    # stops it at its time budget by raising OverBudget in that thread, through
    # CPython's PyThreadState_SetAsyncExc (ctypes as pydevd loaded it; without it,
    # the code runs unbounded as before). One C operation still runs to its end: the
    # server reports the program busy meanwhile.
    watched = {}  # thread id -> [deadline, fired]
    watchdog = {"wake": None}

    def async_raise(ident, error):
        ctypes = sys.modules.get("ctypes")
        if ctypes is None:
            return False
        setter = ctypes.pythonapi.PyThreadState_SetAsyncExc
        return setter(ctypes.c_ulong(ident), ctypes.py_object(error) if error else None) == 1

    def watchdog_loop(wake):
        while True:
            with watchdog_lock:
                now = monotonic()
                nearest = None
                for ident, entry in watched.items():
                    if entry[1]:
                        continue
                    if entry[0] <= now:
                        entry[1] = async_raise(ident, OverBudget)
                    elif nearest is None or entry[0] < nearest:
                        nearest = entry[0]
            # Nothing to watch: sleep until run_bounded wakes it (no CPU while idle).
            wake.acquire(True, -1 if nearest is None else max(nearest - monotonic(), 0.001))

    watchdog_lock = allocate_lock()
    if hasattr(os, "register_at_fork"):
        # A forked child has no watchdog thread: its first bounded run starts one.
        os.register_at_fork(after_in_child=lambda: (watched.clear(), watchdog.update(wake=None)))

    def run_bounded(code, globals_, locals_, budget):
        """eval(code) in this thread, stopped by the watchdog after `budget` seconds:
        then SideEffectsNotAllowed says it ran over its budget."""
        if sys.modules.get("ctypes") is None:
            return eval(code, globals_, locals_)
        ident = threading.get_ident()
        entry = [monotonic() + budget, False]
        with watchdog_lock:
            watched[ident] = entry
            if watchdog["wake"] is None:
                watchdog["wake"] = allocate_lock()
                watchdog["wake"].acquire()
                start_new_thread(watchdog_loop, (watchdog["wake"],))
            elif watchdog["wake"].locked():
                watchdog["wake"].release()
        try:
            try:
                return eval(code, globals_, locals_)
            finally:
                with watchdog_lock:
                    watched.pop(ident, None)
                    fired = entry[1]
                if fired:
                    async_raise(ident, None)  # not delivered yet: taken back
        except OverBudget:
            with watchdog_lock:
                watched.pop(ident, None)
            raise SideEffectsNotAllowed("ran longer than %g s (breakpoint code has a time "
                                        "budget, also when agreed to)" % budget) from None

    def evaluate_in(globals_, locals_, source, purpose="value", label=None, guard=True):
        if not guard:
            code = compile_for(purpose, source, False)[0]
            activity.begin(label)
            try:
                return run_bounded(code, globals_, locals_, code_budget_seconds)
            except SideEffectsNotAllowed as refusal:
                activity.refused(label, str(refusal), "overtime")  # unguarded: only timed
                if purpose == "log":
                    return "<not evaluated: it %s>" % refusal
                if purpose == "condition":
                    return True  # the program stops there, and the stop says why
                raise
            except Exception as error:
                if purpose != "condition" or label is None:
                    raise
                failure = without_program_code(error)
                return condition_failed(label, source, "%s: %s" % (type_name(type(failure)),
                                                                   failure))
            finally:
                activity.end()
        form = plain_form(source)
        namespace = form and plain_namespace(form, globals_, locals_)
        try:
            if namespace is not None:
                value = plain_purposes[purpose](run_plain(form[0], namespace, label))
            else:
                namespace = dict(globals_)
                if locals_ is not globals_:
                    namespace.update(locals_)
                value = run_guarded(source, purpose, namespace, label)
        except SideEffectsNotAllowed as refusal:
            detach(refusal)
            if label is not None:
                activity.refused(label, str(refusal))
            if purpose == "log":
                return "<not evaluated: it %s>" % refusal
            if purpose == "condition":
                return True  # the program stops there, and the stop says why
            raise
        except Exception as error:
            failure = without_program_code(error)
            told = "%s: %s" % (type_name(type(failure)), failure)
            if purpose == "log":
                return "<not evaluated: %s>" % told
            if purpose == "condition" and label is not None:
                # Raised, pydevd would print it at every hit and go on as if false: it
                # stops instead, and the stop says why (once, where the agent looks).
                return condition_failed(label, source, told)
            raise failure
        finally:
            namespace.clear()  # the copy may hold what the expression made
        return value

    condition_failures = {}  # label -> [source, error, hits]

    def condition_failed(label, source, told):
        """Whether a condition that failed stops the program: the first time it fails
        with an error, it stops and the stop says why; later hits where it fails the
        same way go on (as pydevd goes on after a failure) and are counted, in the
        activity file, for the server to tell. A new condition (or error) starts over."""
        seen = condition_failures.get(label)
        if seen is not None and seen[0] == source and seen[1] == told:
            seen[2] += 1
            activity.failures(condition_failures)
            return False
        condition_failures[label] = [source, told, 1]
        activity.failures(condition_failures)
        activity.failed(label, told)
        return True

    def detach(error):
        """Cut `error` from the exception the program is handling (breakpoint code runs
        in an `except` block of the program, which implicit chaining makes its
        context): whoever formats it (pydevd, at every hit) would format that one too,
        with the program's __str__."""
        error.__traceback__ = error.__cause__ = error.__context__ = None
        error.__suppress_context__ = True

    class Shown:
        """A value of the program in an error's arguments, as the guard shows it."""

        __slots__ = ("text",)

        def __init__(self, text):
            self.text = text

        def __repr__(self):
            return self.text

        __str__ = __repr__

    builtin_errors = tuple(
        value for value in vars(builtins).values()
        if type(value) is type and BaseException in value.__mro__)

    def is_plain_value(value, depth=3):
        if is_of(value, shown_types):
            return True
        return depth > 0 and is_of(value, (tuple, list, frozenset, set)) and all(
            is_plain_value(item, depth - 1) for item in base_of(value).__iter__(value))

    def without_program_code(error):
        """`error` (raised by a guarded evaluation), as an error whose text no code of
        the program builds: of the same builtin exception type, its arguments shown
        by their builtin repr or as `<Type object at 0x...>` where they are program
        objects; the object an AttributeError names (for its "did you mean", from the
        object's __dir__) is dropped."""
        detach(error)
        if is_of(error, (AttributeError,)):
            try:
                error.obj = None
            except AttributeError:
                pass  # before Python 3.10 it holds no object
        if is_of(error, builtin_errors) and all(is_plain_value(arg) for arg in error.args):
            return error
        shown = [Shown(text_of(arg, 200)) for arg in error.args]
        error.args = ()  # it may still be chained to the answer (as its context)
        try:
            failure = type(error)(*shown) if is_of(error, builtin_errors) else None
        except Exception:
            failure = None
        if failure is None:
            failure = Exception("%s: %s" % (type_name(type(error)), ", ".join(map(str, shown))))
        detach(failure)
        return failure

    def run_guarded(source, purpose, namespace, label):
        code, codes, names = compile_for(purpose, source, True)
        shield(namespace, names)
        namespace.update(hooks)
        install_audit()
        guard = Guard(code, codes, budget_seconds if label is None else code_budget_seconds)
        guard.namespace = namespace
        outcome = []
        done = allocate_lock()
        done.acquire()

        gone = []

        def run():
            if set_sentinel is not None and start_joinable_thread is None:
                gone.append(set_sentinel())
            guard.thread = threading.get_ident()
            active[guard.thread] = guard
            try:
                if hasattr(sys, "monitoring"):
                    outcome.append((True, run_with_monitoring(guard, code, namespace)))
                else:
                    outcome.append((True, run_with_profile(guard, code, namespace)))
            except BaseException as error:  # handed to the caller below
                error.__traceback__ = None  # its frames hold what the expression made
                outcome.append((False, error))
            finally:
                del active[guard.thread]
                done.release()

        gc_was_enabled = gc.isenabled()
        gc.disable()  # a collection would run unrelated finalizers inside the guard
        activity.begin(label)
        try:
            if start_joinable_thread is not None:
                gone.append(start_joinable_thread(run))
            else:
                start_new_thread(run, ())
            if not done.acquire(True, guard.budget + 0.5):
                # Over budget without reaching a hook that noticed: the next hook
                # stops it; its answer waits for that, so no work goes on after it.
                if guard.refused is None:
                    guard.refused = ("ran longer than %g s (guarded evaluations have a time "
                                     "budget)" % guard.budget)
                if not done.acquire(True, settle_seconds):
                    guard.refused += "; one C operation of it is still finishing"
                    gone.clear()  # not waited for any longer
            if gone and start_joinable_thread is not None:
                gone[0].join(1.0)
            elif gone:
                gone[0].acquire(True, 1.0)
        finally:
            activity.end()
            if gc_was_enabled:
                gc.enable()
        refused, guard.keep, guard.namespace = guard.refused, None, None
        if refused is not None:
            # Also when C code swallowed the refusal: the result is not the truth.
            del outcome[:]
            if "memory budget" in refused:
                release_memory()
            raise SideEffectsNotAllowed(refused)
        ok, value = outcome.pop()
        if not ok:
            raise value
        return value

    trimmed = []

    def release_memory():
        """After an evaluation stopped for its memory: what it made has been freed
        (its frames are gone), and glibc is asked to hand the free pages back, through
        the ctypes pydevd loaded (never imported here: the module set stays)."""
        ctypes = sys.modules.get("ctypes")
        if ctypes is None or not sys.platform.startswith("linux"):
            return
        try:
            if not trimmed:
                trimmed.append(ctypes.CDLL(None).malloc_trim)
            trimmed[0](0)
        except Exception:
            pass

    # Values shown without running program code: builtin values by their repr (C
    # code), containers item by item, anything else by type and id; children are
    # reached through C-level slots only (instance dicts, __slots__, items), and
    # properties are named, never read. A listing with guarded reads (the default
    # mode) also reads, under the runtime guard, what would otherwise need program
    # code: an object's own __repr__, properties and other descriptors of its class.
    # What the guard refuses is not run, and is shown as not read.
    shown_types = (int, float, complex, bool, type(None), range, str, bytes)
    container_bases = (dict, list, tuple, set, frozenset)
    getset_descriptor = type(type.__dict__["__dict__"])
    text_limit = 1000
    max_entries = 1000  # twice what a tool may list (max_variables, max_children)

    def base_of(value):
        mro = mro_of(value)
        return next((b for b in container_bases if is_one_of(b, mro)), None)

    def text_of(value, room=text_limit, reads=None):
        """`value` as text, without program code; `reads` (a GuardedReads) reads what
        needs program code (an object's own __repr__) under the guard."""
        kind = type(value)
        if is_of(value, shown_types):
            if kind in (str, bytes) and len(value) > room:
                value = value[:room]
            try:
                return repr(value)
            except ValueError:  # an int too long to convert
                return "<int of %d bits>" % value.bit_length()
        base = base_of(value)
        if base is not None:
            items = list(dict.items(value)) if base is dict else list(base.__iter__(value))
            parts, used = [], 0
            for item in items:
                if used > room:
                    parts.append("...")
                    break
                if base is dict:
                    part = (text_of(item[0], 100, reads) + ": "
                            + text_of(item[1], room - used, reads))
                else:
                    part = text_of(item, room - used, reads)
                parts.append(part)
                used += len(part) + 2
            fields = tuple_fields(kind) if base is tuple else None
            if fields is not None and len(fields) == len(parts):
                # A namedtuple, as its own __repr__ (program code) would show it.
                return "%s(%s)" % (type_name(kind), ", ".join(
                    "%s=%s" % (field, part) for field, part in zip(fields, parts)))
            opening, closing = {dict: "{}", list: "[]", tuple: "()"}.get(base, "{}")
            if base in (set, frozenset) and not items:
                return "%s()" % type_name(kind)
            body = opening + ", ".join(parts) + ("," if base is tuple and len(items) == 1 else "") + closing
            return body if kind is base else "%s(%s)" % (type_name(kind), body)
        if is_one_of(type, type_mro(kind)):  # a class, of a metaclass too: C-level name
            return "<class %s>" % type_name(value)
        if is_of(value, (function, builtin_function, type(sys))):
            return repr(value)  # C code of the interpreter: names only
        if reads is not None and not is_one_of(object, (defining_class(kind, "__repr__"),)):
            return reads.text(value, kind)
        return "<%s object at %#x>" % (type_name(kind), id(value))

    def tuple_fields(kind):
        """The field names of a namedtuple class (its `_fields`, read from the class
        dicts), or None."""
        owner = defining_class(kind, "_fields")
        fields = None if owner is None else type_dict(owner)["_fields"]
        if type(fields) is tuple and all(type(f) is str for f in fields):
            return fields
        return None

    def defining_class(kind, name):
        """The class of `kind`'s MRO whose own dict holds `name` (C-level reads)."""
        for klass in type_mro(kind):
            if name in type_dict(klass):
                return klass
        return None

    not_read_text = ("<not read: would change the program's state; evaluate it with "
                     "allow_side_effects to read it>")
    # The time one listing may spend in guarded reads; past it, what is left is shown
    # as not read (each read has the guard's own budget besides).
    listing_budget_seconds = 2.0

    class NotShown:
        """Stands for a child whose value is not shown: its kind and the reason."""

        __slots__ = ("kind", "text")

        def __init__(self, kind, text):
            self.kind, self.text = kind, text

    class GuardedReads:
        """The reads of one listing that need program code, each evaluated under the
        runtime guard as `evaluate` is (no Python code of the program runs; what the
        guard refuses has not run)."""

        def __init__(self):
            self.deadline = monotonic() + listing_budget_seconds

        def run(self, source, **names):
            """(True, the value) or (False, the text shown instead)."""
            if monotonic() > self.deadline:
                return False, ("<not read: the listing spent its %g s for reads>"
                               % listing_budget_seconds)
            try:
                return True, evaluate_in(names, names, source)
            except SideEffectsNotAllowed:
                return False, not_read_text
            except Exception as error:
                failure = without_program_code(error)
                return False, "<not read: %s: %s>" % (type_name(type(failure)), failure)

        def text(self, value, kind):
            if type(type_dict(defining_class(kind, "__repr__"))["__repr__"]) is function:
                return not_read_text  # the guard refuses any function of the program
            ok, text = self.run("repr(value)", value=value)
            if ok and type(text) is not str:
                return not_read_text
            return text[:text_limit] if ok else text

        def attribute(self, value, name, attribute):
            """`value.name`, `attribute` being the class's descriptor of that name."""
            kind = type_name(type(attribute))
            if type(attribute) is not property or type(attribute.fget) is function:
                # A Python getter or __get__: the guard would refuse it, unrun.
                return NotShown(kind, not_read_text)
            ok, got = self.run("getattr(value, name)", value=value, name=name)
            return got if ok else NotShown(kind, got)

    def program_descriptor(attribute):
        """Whether a class attribute runs program code when read from an instance: a
        property, or an object whose class's __get__ is a Python function
        (functools.cached_property, a descriptor of the program)."""
        if type(attribute) is property:
            return True
        owner = defining_class(type(attribute), "__get__")
        return owner is not None and type(type_dict(owner)["__get__"]) is function

    def data_descriptor(attribute):
        return any(defining_class(type(attribute), name) is not None
                   for name in ("__set__", "__delete__"))

    def children_of(value, reads=None):
        """(name, value or a NotShown, step) of what `value` holds, without program
        code; with `reads`, properties and descriptors are read under the guard."""
        base = base_of(value)
        if base is dict:
            return [(text_of(k, 100), v, ["item", i]) for i, (k, v) in enumerate(dict.items(value))]
        if base is not None:
            return [(str(i), v, ["item", i]) for i, v in enumerate(base.__iter__(value))]
        if is_of(value, shown_types) or type(value) is type(sys):
            return []
        instance_dict = None
        for klass in mro_of(value):
            attribute = type_dict(klass).get("__dict__")
            if type(attribute) is getset_descriptor:
                instance_dict = attribute.__get__(value)
                break
        if type(instance_dict) is not dict:
            instance_dict = {}
        found, names = [], set()
        for klass in mro_of(value):
            for name, attribute in type_dict(klass).items():
                if name in names or name.startswith("__"):
                    continue
                if type(attribute).__name__ == "member_descriptor":
                    names.add(name)
                    try:
                        found.append((name, attribute.__get__(value), ["attr", name]))
                    except AttributeError:
                        pass
                elif program_descriptor(attribute) and (
                        data_descriptor(attribute) or not dict.__contains__(instance_dict, name)):
                    if reads is not None:
                        names.add(name)
                        found.append((name, reads.attribute(value, name, attribute), ["attr", name]))
                    elif type(attribute) is property:
                        names.add(name)
                        found.append((name, property_not_read, None))
        found = [(k, v, ["attr", k]) for k, v in dict.items(instance_dict)
                 if type(k) is str and k not in names] + found
        return found

    # A property in a listing without reads: its getter is program code.
    property_not_read = NotShown(
        "property", "<property: its getter is program code; evaluate it to read it>")

    def step_into(value, step, reads=None):
        kind, key = step
        base = base_of(value)
        if kind == "item" and base is dict:
            return list(dict.items(value))[key][1]
        if kind == "item" and base is not None:
            return list(base.__iter__(value))[key]
        for name, child, child_step in children_of(value, reads):
            if child_step == step and not is_of(child, (NotShown,)):
                return child
        raise LookupError("the value no longer holds %r" % (key,))

    def expandable(value, reads=None):
        if is_of(value, shown_types):
            return False
        base = base_of(value)
        if base is not None:
            return base.__len__(value) > 0
        return bool(children_of(value)) or reads is not None and any(
            program_descriptor(attribute) for klass in mro_of(value)
            for name, attribute in type_dict(klass).items() if not name.startswith("__"))

    def unicode_text(text):
        """`text` with lone surrogates (names from undecodable bytes) written as
        `\\udcff`, as the server's JSON reader takes no lone surrogate."""
        return text.encode("utf-8", "backslashreplace").decode("utf-8")

    def entry(name, value, path, reads=None, expression=None):
        """One value of a listing; `expression` names it in the frame (to set it)."""
        if is_of(value, (NotShown,)):
            return {"name": unicode_text(name), "type": value.kind, "value": value.text}
        if path and any(type(key) is str and unicode_text(key) != key for _, key in path):
            path = None  # a name the server cannot carry back
        return {"name": unicode_text(name), "type": unicode_text(type_name(type(value))),
                "value": unicode_text(text_of(value, text_limit, reads)),
                "path": path if expandable(value, reads) else None, "expression": expression}

    key_types = (int, str, bytes, bool, type(None))

    def child_expressions(parent, value):
        """step -> the expression naming that child of `value`, itself named by the
        expression `parent` (None: not nameable); dict keys by their builtin repr."""
        if parent is None:
            return {}
        base = base_of(value)
        if base is dict:
            return {i: "%s[%s]" % (parent, repr(k)) for i, k in enumerate(dict.keys(value))
                    if is_of(k, key_types)}
        if base in (list, tuple):
            return {"item": "%s[%%d]" % parent}
        return {} if base is not None else {"attr": "%s.%%s" % parent}

    def expression_of(expressions, step):
        kind, key = step
        if kind == "attr":
            return expressions["attr"] % key if "attr" in expressions and key.isidentifier() else None
        return expressions.get(key) if "item" not in expressions else expressions["item"] % key

    def target_frame(caller):
        """The frame pydevd evaluates in: its evaluate_expression(py_db, frame, ...)
        holds it (the evaluation itself runs in a merged globals+locals dict)."""
        frame = caller
        while frame is not None:
            if frame.f_code.co_name == "evaluate_expression" and "frame" in frame.f_locals:
                return frame.f_locals["frame"]
            frame = frame.f_back
        return caller

    hidden_globals = (type(sys), function, builtin_function, type)

    def values(request):
        """A listing as JSON text. `request` (JSON): `root` is {"scope": "locals" |
        "globals"} or {"expression": source} (evaluated under the guard), `path` the
        steps from it to the value whose children are listed; an expression without
        `children` answers its own value as one entry. With `"reads": "guarded"`,
        what needs program code to be shown is read under the guard (GuardedReads)."""
        caller = sys._getframe(1)
        try:
            asked = json.loads(request)
            root, path = asked["root"], asked.get("path") or []
            reads = GuardedReads() if asked.get("reads") == "guarded" else None
            if "expression" in root:
                value = evaluate_in(caller.f_globals, caller.f_locals, root["expression"])
                if not asked.get("children"):
                    return json.dumps({"value": entry(
                        root["expression"], value, [], reads, root["expression"])})
            else:
                frame = target_frame(caller)
                names = frame.f_locals if root["scope"] == "locals" else frame.f_globals
                if root["scope"] == "globals":
                    names = {k: v for k, v in dict(names).items()
                             if not k.startswith("__") and not is_of(v, hidden_globals)}
                if not path:
                    listed = [entry(k, v, [["name", k]], reads, k if k.isidentifier() else None)
                              for k, v in list(dict(names).items())[:max_entries]]
                    return json.dumps({"entries": listed, "total": len(names)})
                value = dict(names)[path[0][1]]
                named = path[0][1] if path[0][1].isidentifier() else None
                path = path[1:]
            if "expression" in root:
                named = "(%s)" % root["expression"]
            for step in path:
                named = named and expression_of(child_expressions(named, value), step)
                value = step_into(value, step, reads)
            base_path = asked.get("path") or []
            expressions = child_expressions(named, value)
            listed = [entry(name, child, base_path + [step] if step else None, reads,
                            step and expression_of(expressions, step))
                      for name, child, step in children_of(value, reads)]
            return json.dumps({"entries": listed[:max_entries], "total": len(listed)})
        finally:
            del caller

    values.__name__ = "__jbd_values__"
    builtins.__jbd_values__ = values

    # Every function of the guard (hooks and their helpers, at any depth) is its own.
    pending = [sys._getframe().f_code]
    while pending:
        code = pending.pop()
        own_codes.add(code)
        pending.extend(k for k in code.co_consts if type(k) is type(code))
    hook_functions = (call_hook, attr_hook, item_hook, iter_hook, binop_hook, width_hook,
                      in_hook, unpack_hook)
    guarded.__name__ = "__jbd_guarded__"
    builtins.__jbd_guarded__ = guarded


class _JbdActivity:
    """What breakpoint code is doing, in a small file the server reads (its path
    in JBD_ACTIVITY, taken out of the program's environment): bytes 0-511 hold
    `busy <wall time> <label>` while it runs, bytes 512-4095 `refused <wall time>
    <label>\\t<reason>` after the guard refused it, `overtime <wall time> <label>\\t<reason>`
    after code the user agreed to (unguarded) ran past its time budget, or
    `failed <wall time> <label>\\t<error>` after it failed. Bytes 4096-8191 hold the
    conditions that failed, a line each: `<label>\\t<hits where it failed>\\t<error>`.
    NUL ends each text."""

    def __init__(self):
        import os

        self.map = None
        path = os.environ.pop("JBD_ACTIVITY", None)
        if not path:
            return
        try:
            import mmap

            fd = os.open(path, os.O_RDWR)
            try:
                self.map = mmap.mmap(fd, 8192)
            finally:
                os.close(fd)
        except (OSError, ValueError):
            self.map = None
        import time

        self.clock = time.time

    def _write(self, at, size, text):
        data = text.encode("utf-8", "replace")[: size - 1] + b"\0"
        self.map[at:at + len(data)] = data

    def begin(self, label):
        if self.map is not None and label is not None:
            self._write(0, 512, "busy %.3f %s" % (self.clock(), label))

    def end(self):
        if self.map is not None:
            self.map[0:1] = b"\0"

    def refused(self, label, reason, kind="refused"):
        if self.map is not None:
            self._write(512, 3584, "%s %.3f %s\t%s" % (kind, self.clock(), label, reason))

    def failures(self, table):
        if self.map is not None:
            self._write(4096, 4096, "".join(
                "%s\t%d\t%s\n" % (label, hits, error.replace("\n", " "))
                for label, (_, error, hits) in table.items()))

    def failed(self, label, error):
        self.refused(label, error, "failed")


def _jbd_chain():
    import os
    import sys

    here = os.path.dirname(os.path.abspath(__file__))
    saved_path = list(sys.path)
    me = sys.modules.pop("sitecustomize", None)
    try:
        sys.path[:] = [
            p for p in sys.path if os.path.abspath(p or os.curdir) != here
        ]
        try:
            import sitecustomize  # noqa: F401  (the user's own, if any)
        except ImportError as e:
            if getattr(e, "name", None) != "sitecustomize":
                raise
    finally:
        sys.path[:] = saved_path
        if "sitecustomize" not in sys.modules and me is not None:
            sys.modules["sitecustomize"] = me


_jbd_install()
_jbd_install_guard()
_jbd_chain()
