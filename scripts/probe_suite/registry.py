"""The case registry: CASES in definition order, the @case decorator and the with_server wrapper."""

from .servers import FaultServer


CASES = []


def case(kind, ident, title):
    def register(fn):
        taken = {c[1] for c in CASES}
        unique, n = ident, 2
        while unique in taken:
            unique, n = "%s-%d" % (ident, n), n + 1
        CASES.append((kind, unique, title, fn))
        return fn
    return register


def with_server(dialect, gen=None, routes=None, healthy=True):
    """Decorator: the case gets a running FaultServer, stopped afterwards."""
    def wrap(fn):
        def runner(env, fx):
            server = FaultServer(dialect, gen, routes, healthy)
            try:
                return fn(env, fx, server)
            finally:
                server.stop()
        runner.__name__ = fn.__name__
        return runner
    return wrap
