"""The number objects of finite-field cryptography that DH (``pk/dh.py``) and DSA
(``pk/dsa.py``) share, in pyca's shapes: the group parameters p, q, g; a public value y with its
parameter numbers; a private value x with its public numbers. Each algorithm's module
subclasses them to name its own classes; a subclass of ``PublicNumbers`` or
``PrivateNumbers`` sets ``_of`` (the class the second argument must be) and ``_of_name`` (its
name, for the message). Each numbers class makes its object (``parameters()``,
``public_key()``, ``private_key()``) as ``_make(numbers)``: the module sets ``_make`` to its
parameters or key class once that is defined.

``PublicKey`` and ``PrivateKey`` hold the accessors the key classes share: a key stores
``_params``, ``_numbers`` and (a private key) ``_pub``, its public key.
"""


def check_int(v, name):
    """``v`` if it is an int, else TypeError("<name> must be an int")."""
    if type(v) is not int:
        raise TypeError(name + " must be an int")
    return v


class ParameterNumbers:
    # p, q and g, read-only; the subclass's __init__ stores _p, _q, _g (q None when unknown).
    p = property(lambda self: self._p)
    q = property(lambda self: self._q)
    g = property(lambda self: self._g)

    def __eq__(self, other):
        return isinstance(other, type(self)) and (self._p, self._q, self._g) == (other._p, other._q, other._g)

    def parameters(self, backend=None):
        return self._make(self)


class _Value:
    # A value (y or x, an int) with the numbers object it belongs to (an instance of _of);
    # _arg names the two arguments for the messages.
    def __init__(self, v, numbers):
        self._v = check_int(v, self._arg[0])
        if not isinstance(numbers, self._of):
            raise TypeError(self._arg[1] + " must be " + self._of_name)
        self._n = numbers


class PublicNumbers(_Value):
    # (y, parameter_numbers)
    _arg = ("y", "parameter_numbers")
    y = property(lambda self: self._v)
    parameter_numbers = property(lambda self: self._n)

    def __eq__(self, other):
        return isinstance(other, type(self)) and self._v == other._v and self._n == other._n

    def public_key(self, backend=None):
        return self._make(self)


class PrivateNumbers(_Value):
    # (x, public_numbers)
    _arg = ("x", "public_numbers")
    x = property(lambda self: self._v)
    public_numbers = property(lambda self: self._n)

    def private_key(self, backend=None):
        return self._make(self)


class PublicKey:
    def parameters(self):
        return self._params

    def public_numbers(self):
        return self._numbers

    def __eq__(self, other):
        return isinstance(other, type(self)) and self._numbers == other._numbers


class PrivateKey:
    def public_key(self):
        return self._pub

    def parameters(self):
        return self._params

    def private_numbers(self):
        return self._numbers
