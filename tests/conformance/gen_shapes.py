"""gen_shapes.py: the type values gen_types.py builds documents from: Ty (a sized type
expression with what keeps the Rust valid: size estimate, repr(align) inside, Copy, a
one-byte ZST, uninhabited), the primitive, tuple, array, Option and Result makers, the
wrappers a generic parameter is used through, and Generic (a generic named type).
Python 3 standard library only."""

PTR = 8
INT_BITS = {"u8": 8, "u16": 16, "u32": 32, "u64": 64, "u128": 128, "usize": 64,
            "i8": 8, "i16": 16, "i32": 32, "i64": 64, "i128": 128, "isize": 64}
PRIM_SIZE = {"bool": 1, "char": 4, "f16": 2, "f32": 4, "f64": 8, "f128": 16}
PRIM_SIZE.update({k: v // 8 for k, v in INT_BITS.items()})


class Ty:
    """A sized type expression with what the generator must know to keep Rust valid.
    est: rough upper bound of the size (keeps documents small); aligned: contains a
    repr(align) type by value (not allowed inside packed types); copy: may be a union field;
    zst1: size 0 and align 1 (may sit next to the field of a repr(transparent) type)."""
    __slots__ = ("s", "est", "aligned", "copy", "zst1", "uninhabited")

    def __init__(self, s, est=8, aligned=False, copy=False, zst1=False, uninhabited=False):
        self.s, self.est, self.aligned, self.copy = s, est, aligned, copy
        self.zst1, self.uninhabited = zst1, uninhabited


def prim(name):
    return Ty(name, PRIM_SIZE[name], copy=True)


def wrap(fmt, inner, est=None, copy=False, by_value=True, uninhabited=False, zst1=False):
    return Ty(fmt % inner.s, inner.est + 16 if est is None else est,
              aligned=inner.aligned and by_value, copy=copy, zst1=zst1,
              uninhabited=uninhabited)


def ptr_to(fmt, s, copy=True):
    return Ty(fmt % s, 2 * PTR, copy=copy)


def mk_tuple(ts):
    if len(ts) == 1:
        s = "(%s,)" % ts[0].s
    else:
        s = "(%s)" % ", ".join(t.s for t in ts)
    return Ty(s, sum(t.est + 8 for t in ts), aligned=any(t.aligned for t in ts),
              copy=all(t.copy for t in ts), zst1=not ts,
              uninhabited=any(t.uninhabited for t in ts))


def mk_array(t, n):
    return Ty("[%s; %d]" % (t.s, n), t.est * n, aligned=t.aligned, copy=t.copy,
              uninhabited=t.uninhabited and n > 0)


def mk_option(t):
    return wrap("Option<%s>", t, copy=t.copy)


def mk_result(a, b):
    return Ty("Result<%s, %s>" % (a.s, b.s), max(a.est, b.est) + 16,
              aligned=a.aligned or b.aligned, copy=a.copy and b.copy,
              uninhabited=a.uninhabited and b.uninhabited)


# wrappers applied to a type parameter (and to anything else): name -> Ty -> Ty
def w_self(t):
    return t


def w_box(t):
    return wrap("Box<%s>", t, est=8, by_value=False)


def w_ref(t):
    return wrap("&%s", t, est=8, copy=True, by_value=False)


def w_vec(t):
    return wrap("Vec<%s>", t, est=24, by_value=False)


def w_phantom(t):
    return wrap("PhantomData<%s>", t, est=0, copy=True, zst1=True)


def w_cell(t):
    return wrap("Cell<%s>", t, est=t.est, uninhabited=t.uninhabited)


def w_mdrop(t):
    return wrap("ManuallyDrop<%s>", t, est=t.est, copy=t.copy, uninhabited=t.uninhabited)


def w_tuple_u8(t):
    return mk_tuple([t, prim("u8")])


def w_u8_tuple(t):
    return mk_tuple([prim("u16"), t])


def w_arr2(t):
    return mk_array(t, 2)


def w_arr0(t):
    return mk_array(t, 0)


def w_result(t):
    return mk_result(t, prim("u16"))


def w_optbox(t):
    return wrap("Option<Box<%s>>", t, est=8, by_value=False)


PARAM_WRAPPERS = [w_self, w_self, w_self, mk_option, w_box, w_ref, w_vec, w_phantom, w_cell,
                  w_mdrop, w_tuple_u8, w_u8_tuple, w_arr2, w_arr0, w_result, w_optbox]
UNSIZED_PARAM_WRAPPERS = [w_box, w_ref, w_phantom, w_optbox,
                          lambda t: wrap("*const %s", t, est=16, copy=True, by_value=False),
                          lambda t: wrap("NonNull<%s>", t, est=16, by_value=False)]


class Generic:
    """A generic named type: fields are functions of the parameter types."""

    def __init__(self, name, kind, params, repr_, packed, aligned):
        self.name, self.kind, self.params = name, kind, params   # params: [(name, unsized, default Ty)]
        self.repr, self.packed, self.aligned = repr_, packed, aligned
        self.fields = []          # struct: [(fname|None, fn)]
        self.variants = []        # enum: [(vname, [(fname|None, fn)])]

    def all_fields(self):
        if self.kind == "enum":
            return [f for _, fs in self.variants for f in fs]
        return self.fields

    def instance(self, args):
        """Ty of name<args>; args may leave out defaulted trailing parameters."""
        full = list(args)
        for (_, _, default) in self.params[len(args):]:
            full.append(default)
        env = [fn(full) for _, fn in self.all_fields()]
        s = "%s<%s>" % (self.name, ", ".join(a.s for a in args)) if args else self.name
        uninh = False
        if self.kind == "struct":
            uninh = any(t.uninhabited for t in env)
        elif self.kind == "enum":
            uninh = all(any(fn(full).uninhabited for _, fn in fs) for _, fs in self.variants)
        return Ty(s, sum(t.est + 8 for t in env) + 16,
                  aligned=self.aligned or any(t.aligned for t in env), uninhabited=uninh)
