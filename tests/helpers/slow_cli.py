"""The `medtrust` command line with every reference policy slowed down: each call waits
``SLOW_POLICY_DELAY`` seconds (default 0.5) before its usual reply, 4 calls at a time. A stand-in
for a slow model in tests that interrupt a run (Ctrl-C) while it is working.

    python tests/helpers/slow_cli.py run --model medtrust/policy/refuse --limit 8 ...
"""

from __future__ import annotations

import asyncio
import os
import sys

from medtrust.models import policy

DELAY = float(os.environ.get("SLOW_POLICY_DELAY", "0.5"))
_reply = policy.PolicyBackend.generate


async def _slow(self, messages, config):
    await asyncio.sleep(DELAY)
    return await _reply(self, messages, config)


policy.PolicyBackend.generate = _slow
policy.PolicyBackend.max_connections = 4

if __name__ == "__main__":
    from medtrust.cli import main

    sys.exit(main())
