#!/usr/bin/env python3
"""A bounded fuzz run of `ezgrader serve`'s HTTP API with Schemathesis, from its OpenAPI document
(Sources/GraderWeb/Assets/openapi.json, what the server serves at /api/openapi.json): the
document's examples (valid on the sample project, so success responses are checked too), then
requests made from its schemas, against a served sample project, must never get a server error
(5xx), a status the document does not declare, a body that breaks the response's schema, nor a
Content-Type it does not give. The seed is fixed, so a run is repeatable.

usage: api_fuzz.py EZGRADER_BINARY WORK_FOLDER [MAX_EXAMPLES]
"""
import os, re, shutil, subprocess, sys, time

EZGRADER, WORK = sys.argv[1], sys.argv[2]
MAX_EXAMPLES = sys.argv[3] if len(sys.argv) > 3 else '10'
PACKAGE = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..')
SAMPLES = os.path.join(PACKAGE, 'SamplePDFs')
DOCUMENT = os.path.join(PACKAGE, 'Sources', 'GraderWeb', 'Assets', 'openapi.json')
PROJECT = os.path.join(WORK, 'fuzz.ezgrader')


def cli(*args):
    done = subprocess.run([EZGRADER, *args], capture_output=True, text=True, timeout=120)
    if done.returncode != 0:
        sys.exit(f'ezgrader {" ".join(args)} failed: {done.stderr}')
    return done.stdout


def schemathesis():
    """The Schemathesis command (its `st` script, or the module)."""
    found = shutil.which('st') or shutil.which('schemathesis')
    if found:
        return [found]
    check = subprocess.run([sys.executable, '-c', 'import schemathesis'], capture_output=True)
    if check.returncode == 0:
        return [sys.executable, '-m', 'schemathesis.cli']
    sys.exit('schemathesis is not installed: run scripts/install-deps (pip install schemathesis).')


def main():
    command = schemathesis()
    cli('new', PROJECT, os.path.join(SAMPLES, 'scanned'), '--roster', os.path.join(SAMPLES, 'roster.csv'),
        '--rubric', os.path.join(SAMPLES, 'rubric.yaml'), '--grader', 'setup')
    server = subprocess.Popen([EZGRADER, 'serve', PROJECT, '--port', '0'], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line, deadline = '', time.time() + 30
        while 'token=' not in line and time.time() < deadline and server.poll() is None:
            line = server.stdout.readline()
        found = re.search(r'(http://\S+)/\?token=(\w+)', line)
        if not found:
            sys.exit(f'the server did not start: {line}{server.stderr.read() if server.poll() is not None else ""}')
        base, token = found.group(1), found.group(2)
        run = subprocess.run(command + [
            'run', DOCUMENT, '--url', base,
            '--header', f'Authorization: Bearer {token}', '--header', 'Cookie: ezgrader_grader=fuzz',
            '--checks', 'not_a_server_error,status_code_conformance,response_schema_conformance,content_type_conformance',
            '--max-examples', MAX_EXAMPLES, '--seed', '26', '--workers', '1',
            '--exclude-path', '/api/events',  # a live stream: it never ends
            '--request-timeout', '20', '--max-time', '110', '--no-color',
        ], capture_output=True, text=True, timeout=170, cwd=WORK)  # its cache of past failures stays in WORK: each run starts afresh
        print(run.stdout[-20000:])
        print(run.stderr[-5000:], file=sys.stderr)
        if server.poll() is not None:
            sys.exit(f'the server stopped during the run: {server.stderr.read()[-3000:]}')
        sys.exit(run.returncode)
    finally:
        server.terminate()
        try:
            server.wait(10)
        except subprocess.TimeoutExpired:
            server.kill()


if __name__ == '__main__':
    main()
