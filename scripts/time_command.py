#!/usr/bin/python3
"""Times a whole command as a user runs it — process start-up, scene compilation, the run and its output
included — and prints one JSON object: the command, each run's wall time and their minimum (time.perf_counter
around subprocess.run; the command's own output is discarded). A failing run fails the timing.

    /usr/bin/python3 scripts/time_command.py [--repeats 5] -- COMMAND [ARG]...
"""
import argparse
import json
import subprocess
import sys
import time


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--repeats", type=int, default=5)
    p.add_argument("command", nargs=argparse.REMAINDER)
    a = p.parse_args()
    command = a.command[1:] if a.command[:1] == ["--"] else a.command
    if not command:
        p.error("no command given")
    times = []
    for _ in range(max(1, a.repeats)):
        start = time.perf_counter()
        done = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        times.append(time.perf_counter() - start)
        if done.returncode != 0:
            sys.stderr.write(done.stderr)
            sys.exit(f"time_command.py: {' '.join(command)} exited {done.returncode}")
    print(json.dumps({"command": " ".join(command), "wall_time_s": min(times), "wall_times_s": times}))


if __name__ == "__main__":
    main()
