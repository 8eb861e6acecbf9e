"""The Ray backend of ``capes sweep``: chunks of seeds as Ray tasks, a bounded number in flight.

Without an address capes starts a local Ray with ``workers`` CPUs and stops it afterwards; with ``--address``
(or ``RAY_ADDRESS``) it joins that cluster, after checking that the address answers at all, so an unreachable
cluster is a one-line error in seconds rather than Ray's long retry loop. A Ray session the caller already
started (``ray.init`` in a notebook or a test) is used as it is and left running.
"""

from __future__ import annotations

import os
import socket
from collections.abc import Callable, Sequence
from typing import Any

from capes.core.config import quote
from capes.core.errors import SweepError

#: chunks in flight per CPU of the cluster: enough to keep every CPU busy while results travel back,
#: few enough that the driver never holds more than a handful of finished chunks (back-pressure)
IN_FLIGHT_PER_CPU = 2
#: seconds to wait for a cluster's address to answer
CONNECT_TIMEOUT = 5.0


def _host_port(address: str) -> tuple[str, int] | None:
    """``ray://host:10001`` or ``host:6379`` → (host, port); ``auto``/``local`` → None (Ray resolves them)."""
    rest = address.split("://", 1)[1] if "://" in address else address
    if rest in ("auto", "local", ""):
        return None
    host, sep, port = rest.rpartition(":")
    if not sep or not port.isdigit() or not host:
        raise SweepError(f"--address {quote(address)}: give host:port or ray://host:port (e.g. ray://head:10001)")
    return host.strip("[]"), int(port)


def check_reachable(address: str, timeout: float = CONNECT_TIMEOUT) -> None:
    """A one-line error unless something accepts TCP connections at ``address``."""
    hp = _host_port(address)
    if hp is None:
        return
    try:
        with socket.create_connection(hp, timeout=timeout):
            pass
    except OSError as e:
        why = e.strerror or type(e).__name__
        raise SweepError(f"cannot reach the Ray cluster at {quote(address)} ({why}); start it with "
                         f"`ray start --head`, check the address, or drop --address to use a local Ray") from None


def preflight(address: str | None) -> None:
    """Before anything is written: Ray is installed and the cluster named (if any) answers."""
    import importlib.util

    if importlib.util.find_spec("ray") is None:  # without importing it: that alone takes seconds
        raise SweepError("--backend ray needs Ray: pip install 'capes[sweep]'") from None
    address = address or os.environ.get("RAY_ADDRESS") or None
    if address:
        check_reachable(address)


def connect(workers: int, address: str | None) -> bool:
    """Start or join Ray; True if this call started the session (and so must stop it)."""
    try:
        import ray
    except ImportError:
        raise SweepError("--backend ray needs Ray: pip install 'capes[sweep]'") from None
    if ray.is_initialized():
        return False
    address = address or os.environ.get("RAY_ADDRESS") or None
    kwargs: dict[str, Any] = {"logging_level": "ERROR", "log_to_driver": False, "configure_logging": True}
    try:
        if address:
            check_reachable(address)
            ray.init(address=address, **kwargs)
        else:
            ray.init(num_cpus=workers, include_dashboard=False, **kwargs)
    except SweepError:
        raise
    except Exception as e:  # Ray raises ConnectionError, RuntimeError, ValueError… with multi-line texts
        first = (str(e).strip().splitlines() or [type(e).__name__])[0]
        where = f"the Ray cluster at {quote(address)}" if address else "a local Ray"
        raise SweepError(f"cannot start {where}: {first}") from None
    return True


def run_ray(run_chunk: Callable[[Any], Any], chunks: Sequence[Any], workers: int, address: str | None,
            on_result: Callable[[Any], None]) -> None:
    """Run ``run_chunk(c)`` for each of ``chunks`` as Ray tasks and hand each result to ``on_result`` as it
    finishes (the sweep passes its own function, so this backend knows nothing of rows or parts)."""
    started = connect(workers, address)
    import ray

    try:
        task = ray.remote(num_cpus=1, max_retries=2)(run_chunk)
        cpus = max(1, int(ray.cluster_resources().get("CPU", workers)))
        limit = cpus * IN_FLIGHT_PER_CPU
        todo = iter(chunks)
        pending: list[Any] = []
        more = True
        while True:
            while more and len(pending) < limit:
                c = next(todo, None)
                if c is None:
                    more = False
                    break
                pending.append(task.remote(c))
            if not pending:
                break
            ready, pending = ray.wait(pending, num_returns=1)
            for ref in ready:
                on_result(ray.get(ref))
    except KeyboardInterrupt:
        for ref in pending:
            ray.cancel(ref, force=True)
        raise
    finally:
        if started:
            ray.shutdown()
