#!/usr/bin/env python3
"""TAs from their own machines, in real headless Chromium over HTTPS: `serve --public` with the
project's self-signed certificate, which the test browsers trust by its public key's hash only
(--ignore-certificate-errors-spki-list, not every certificate). Three invited graders open their
personal links, typing no name: the instructor sees everything; the grader's instructor-only
controls are hidden, and what they try anyway is refused with a plain message (403) shown in
place; the viewer only looks. A revoked link stops working at its next request, and plain HTTP to
the server's non-loopback address gets no answer.

usage: invite_test.py EZGRADER_BINARY WORK_FOLDER   (screenshots go to WORK_FOLDER/screenshots)
"""
import base64, hashlib, os, re, socket, ssl, subprocess, sys, time, unittest, urllib.error, urllib.request

from grading_test import WORK, SAMPLES, EZGRADER, cli, wait, browser as plain_browser
from served_case import ServedTestCase
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

PROJECT = os.path.join(WORK, 'team.ezgrader')
CERTIFICATE = os.path.join(PROJECT, 'tls', 'certificate.pem')


def der_elements(data, start, end):
    """(tag, element start, content start, content end) of each DER element in data[start:end]."""
    at = start
    while at < end:
        first, tag, length, at = at, data[at], data[at + 1], at + 2
        if length & 0x80:
            count = length & 0x7F
            length, at = int.from_bytes(data[at:at + count], 'big'), at + count
        yield tag, first, at, at + length
        at += length


def certificate_der():
    with open(CERTIFICATE) as file:
        pem = file.read()
    return base64.b64decode(''.join(pem.split('-----')[2].split()))


def spki_hash():
    """Base64 of the SHA-256 of the certificate's SubjectPublicKeyInfo, as Chromium's SPKI list wants it."""
    der = certificate_der()
    _, _, cert_start, cert_end = next(der_elements(der, 0, len(der)))
    _, _, tbs_start, tbs_end = next(der_elements(der, cert_start, cert_end))
    fields = list(der_elements(der, tbs_start, tbs_end))
    fields = fields[1:] if fields[0][0] == 0xA0 else fields        # [0] version
    _, spki_first, _, spki_end = fields[5]                              # serial, signature, issuer, validity, subject, spki
    return base64.b64encode(hashlib.sha256(der[spki_first:spki_end]).digest()).decode()


def outside_address():
    """An address of this machine other than loopback, which other machines would use."""
    for address in subprocess.run(['hostname', '-I'], capture_output=True, text=True).stdout.split():
        if '.' in address and not address.startswith('127.'):
            return address
    raise AssertionError('this machine has no IPv4 address besides loopback: the test needs one')


def browser(width, height):
    """Headless Chromium that trusts the project's certificate by its public key's hash, and no other."""
    return plain_browser(width, height, f'--ignore-certificate-errors-spki-list={spki_hash()}')


class TeamOverHTTPS(ServedTestCase):
    @classmethod
    def setUpClass(cls):
        cli('new', PROJECT, os.path.join(SAMPLES, 'scanned'), '--roster', os.path.join(SAMPLES, 'roster.csv'),
            '--rubric', os.path.join(SAMPLES, 'rubric.yaml'), '--grader', 'setup')
        cls.server = subprocess.Popen([EZGRADER, 'serve', PROJECT, '--public', '--port', '0'], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        printed, deadline = '', time.time() + 30
        while 'token=' not in printed and time.time() < deadline:
            printed += cls.server.stdout.readline()
        cls.printed = printed
        cls.port = re.search(r'https://\S+:(\d+)/\?token=', printed).group(1)
        cls.base = f'https://{outside_address()}:{cls.port}'
        cls.links = {}
        for name, role in [('Prof Ada', 'instructor'), ('ta-ben', 'grader'), ('viv', 'viewer')]:
            said = cli('graders', PROJECT, 'invite', name, '--role', role, '--server', cls.base)
            cls.links[name] = re.search(r'https://\S+\?invite=[0-9a-f]{32}', said).group(0)
        cls.drivers = []

    def open_link(self, name, width=1366, height=768):
        """A new browser that opens `name`'s personal link; nobody types a name."""
        driver = browser(width, height)
        self.drivers.append(driver)
        driver.get(self.links[name])
        wait(driver, lambda: driver.find_element(By.ID, 'who').text == name, 15, f'{name} is signed in by the link')
        self.assertIsNone(driver.find_element(By.ID, 'name-dialog').get_attribute('open'), 'no name asked')
        self.assertEqual(driver.current_url, self.base + '/', 'the secret left the address bar')
        return driver


    def fetch(self, driver, method, path, body=None):
        """A request from the page itself (its session cookie, its Origin): (status, JSON)."""
        return driver.execute_async_script("""
            const [method, path, body, done] = arguments;
            fetch(path, { method, headers: { 'Content-Type': 'application/json' }, body: body ? JSON.stringify(body) : undefined })
              .then(async r => done([r.status, await r.json().catch(() => ({}))]));""", method, path, body)

    def visible(self, driver, selector):
        return [e.is_displayed() for e in driver.find_elements(By.CSS_SELECTOR, selector)]

    def score_graders(self):
        """The grader of every score step in the history (typed, or from rubric items)."""
        return [line.split('\t')[2] for line in cli('history', PROJECT, '--limit', '1000').splitlines()
                if '\tscore ' in line or '\trubric ' in line]

    def test_1_the_fingerprint_printed_is_the_certificates(self):
        fingerprint = re.search(r'fingerprint:\n  ([0-9A-F:]{95})\n', self.printed).group(1)
        self.assertEqual(fingerprint, ':'.join(f'{b:02X}' for b in hashlib.sha256(certificate_der()).digest()))
        context = ssl.create_default_context(cafile=CERTIFICATE)
        context.check_hostname = False
        with self.assertRaises(urllib.error.HTTPError) as refused:   # Python trusts the certificate; the server wants a link
            urllib.request.urlopen(self.base + '/', context=context, timeout=10)
        self.assertEqual(refused.exception.code, 401)
        self.assertEqual(refused.exception.headers['Strict-Transport-Security'], 'max-age=86400')

    def test_2_the_instructor_sees_every_control(self):
        ada = self.open_link('Prof Ada')
        self.assertEqual(ada.find_element(By.ID, 'role').text, 'instructor')
        self.assertTrue(ada.find_element(By.ID, 'tab-course').is_displayed())
        ada.find_element(By.ID, 'tab-page').click()
        wait(ada, lambda: all(self.visible(ada, '[data-tool]')) and len(self.visible(ada, '[data-tool]')) == 8)
        status, answer = self.fetch(ada, 'GET', '/api/me')
        self.assertEqual((status, answer['role'], answer['nameFixed']), (200, 'instructor', True))
        ada.find_element(By.ID, 'tab-grade').click()
        wait(ada, lambda: ada.find_element(By.ID, 'card-name').text != '')
        self.shot(ada, 'invite-instructor-laptop')

    def test_3_the_grader_grades_and_instructor_only_actions_are_hidden_and_refused(self):
        ben = self.open_link('ta-ben')
        self.assertEqual(ben.find_element(By.ID, 'role').text, 'grader')
        self.assertFalse(ben.find_element(By.ID, 'who').is_enabled(), 'the name comes with the link')
        self.assertFalse(ben.find_element(By.ID, 'tab-course').is_displayed(), 'questions, roster, anonymity, downloads: hidden')
        wait(ben, lambda: ben.find_element(By.ID, 'card-name').text != '', 10)
        student = ben.find_element(By.ID, 'card-name').text
        ActionChains(ben).send_keys('1').perform()   # rubric item 1 of Q1: the score follows it
        wait(ben, lambda: 'ta-ben' in self.score_graders(), 10, 'the score is saved in ta-ben\'s name')
        self.shot(ben, 'invite-grader-laptop')
        # Page view: pen, highlighter, note, eraser, lasso and undo are there; a new grade box and covering names are not.
        ben.find_element(By.ID, 'tab-page').click()
        tools = {e.get_attribute('data-tool'): e.is_displayed() for e in ben.find_elements(By.CSS_SELECTOR, '[data-tool]')}
        self.assertEqual(tools, {'select': True, 'box': False, 'note': True, 'pen': True, 'highlighter': True, 'eraser': True, 'lasso': True, 'name': False})
        ActionChains(ben).send_keys('b').perform()   # the box tool's key does nothing either
        self.assertNotEqual(ben.find_element(By.CSS_SELECTOR, '[data-tool="box"]').get_attribute('aria-pressed'), 'true')
        self.shot(ben, 'invite-grader-page-laptop')
        # What the page hides is refused by the server too, with a plain message.
        status, answer = self.fetch(ben, 'POST', '/api/questions', {'page': 1, 'x': 100, 'y': 600, 'max': '2'})
        self.assertEqual(status, 403)
        self.assertEqual(answer['error'], 'ta-ben is a grader, and may not change questions: ask the instructor. Nothing was changed.')
        self.assertEqual(self.fetch(ben, 'GET', '/api/downloads/table?layout=questions')[0], 403)
        # The instructor changes ta-ben's score on purpose; ta-ben's undo is blocked, and "Undo anyway" —
        # taking the instructor's work with it — is an override, refused in place with the message.
        cli('score', PROJECT, '--student', student, '--question', 'Q1', '2', '--overwrite', '--grader', 'Prof Ada')
        ben.find_element(By.ID, 'undo').click()
        wait(ben, lambda: ben.find_element(By.ID, 'undo-anyway').is_displayed(), 10)
        ben.find_element(By.ID, 'undo-anyway').click()
        wait(ben, lambda: 'may not replace another grader\'s work' in ben.find_element(By.ID, 'toast').text, 10)
        self.assertEqual(ben.find_element(By.ID, 'toast').text,
                         'ta-ben is a grader, and may not replace another grader\'s work: ask the instructor. Nothing was changed.')
        self.shot(ben, 'invite-grader-refused-laptop')
        self.assertIn('ta-ben', self.score_graders(), 'the score stands')
        tablet = self.open_link('ta-ben', 820, 1180)
        wait(tablet, lambda: tablet.find_element(By.ID, 'card-name').text != '', 10)
        self.shot(tablet, 'invite-grader-tablet')
        tablet.find_element(By.ID, 'tab-page').click()
        time.sleep(0.5)
        self.shot(tablet, 'invite-grader-page-tablet')

    def test_4_the_viewer_only_looks(self):
        viv = self.open_link('viv')
        wait(viv, lambda: viv.find_element(By.ID, 'card-name').text != '', 10)
        self.assertEqual(self.visible(viv, '[data-needs]'), [False] * len(viv.find_elements(By.CSS_SELECTOR, '[data-needs]')))
        status, answer = self.fetch(viv, 'PUT', '/api/scores/1/1', {'score': '1'})
        self.assertEqual((status, answer['error']), (403, 'viv is a viewer, who can only look, and may not enter scores: ask the instructor. Nothing was changed.'))
        ActionChains(viv).send_keys('2', Keys.ENTER).perform()
        wait(viv, lambda: 'viv is a viewer' in viv.find_element(By.ID, 'toast').text + viv.find_element(By.ID, 'card-conflict').text, 10)
        self.shot(viv, 'invite-viewer-laptop')
        self.assertNotIn('viv', self.score_graders())

    def test_5_a_revoked_link_stops_at_its_next_request(self):
        ben = self.open_link('ta-ben')
        self.assertEqual(self.fetch(ben, 'GET', '/api/me')[0], 200)
        cli('graders', PROJECT, 'revoke', 'ta-ben')
        status, answer = self.fetch(ben, 'GET', '/api/me')
        self.assertEqual((status, answer['error']), (401, 'This link no longer works (revoked, or mistyped): ask the instructor for a new one.'))
        ben.get(self.links['ta-ben'])
        self.assertEqual(ben.find_element(By.TAG_NAME, 'body').text, 'This link no longer works (revoked, or mistyped): ask the instructor for a new one.')
        self.shot(ben, 'invite-revoked-laptop')
        ada = self.open_link('Prof Ada')   # the others go on
        self.assertEqual(self.fetch(ada, 'GET', '/api/me')[0], 200)

    def test_6_plain_http_from_another_machine_gets_no_answer(self):
        host = self.base.split('//')[1].split(':')[0]
        with socket.create_connection((host, int(self.port)), timeout=10) as plain:
            plain.sendall(f'GET /?invite=x HTTP/1.1\r\nHost: {host}:{self.port}\r\nConnection: close\r\n\r\n'.encode())
            answer = b''
            while chunk := plain.recv(4096):
                answer += chunk
        self.assertFalse(answer.startswith(b'HTTP/'), f'plain HTTP was answered: {answer[:80]!r}')
        driver = browser(1366, 768)
        self.drivers.append(driver)
        driver.get(f'http://{host}:{self.port}/')
        self.assertNotIn('EZ Grader', driver.title)
        self.assertIsNone(re.search(r'token|Grade', driver.find_element(By.TAG_NAME, 'body').text))


if __name__ == '__main__':
    unittest.main(argv=[sys.argv[0], '-v', *sys.argv[3:]])
