#!/usr/bin/env python3
"""Writing a score by pen in the tablet's score pad, in real headless Chromium at 820×1180 (a tablet upright) and
390×844 (a phone): the score is written with pen (and finger) pointer events in the writing area, the server's digit
reader reads it, and the page offers it as one button; a score over the question's maximum is said and not offered,
and the next stroke writes afresh; nothing is recorded until the offer is tapped, and then it is recorded under the
grader's name (read back with `ezgrader export csv` and the API).

The Swift test writes WORK_FOLDER/pen-scores.json first: for "7", "9" and "12", the strokes of several generated
pen hands (pixels, y down). Which hand the test writes with is chosen by asking the server's reader (the browser
test checks the page, WrittenScoreReaderTests the reader).

usage: penscore_test.py EZGRADER_BINARY WORK_FOLDER   (screenshots go to WORK_FOLDER/screenshots)
"""
import json, os, shutil, subprocess, sys, time, unittest

from grading_test import WORK, SAMPLES, browser, cli, start_server
from served_case import ServedTestCase
import grading_test
import tablet_test

PROJECT = os.path.join(WORK, 'pen.ezgrader')
RUBRIC_YAML = 'questions:\n  - {page: 1, at: "476,469", max: 10, label: Q2}\n'


def wait(driver, condition, seconds=15, message=''):
    return grading_test.wait(driver, condition, seconds, message)


class WritingAScoreByPen(ServedTestCase):
    tablet = tablet_test.GradingOnATablet
    tap, press, target, card, size = tablet.tap, tablet.press, tablet.target, tablet.card, tablet.size

    @classmethod
    def setUpClass(cls):
        scans = os.path.join(WORK, 'pen-class')
        os.makedirs(scans, exist_ok=True)
        page = os.path.join(WORK, 'page-1.pdf')
        subprocess.run(['qpdf', '--empty', '--pages', os.path.join(SAMPLES, 'scanned', 'Anna Schmidt.pdf'), '1', '--', page], check=True)
        for n in range(1, 5):
            shutil.copy(page, os.path.join(scans, f'Student {n}.pdf'))
        with open(os.path.join(WORK, 'pen-rubric.yaml'), 'w') as rubric:
            rubric.write(RUBRIC_YAML)
        cli('new', PROJECT, scans, '--rubric', rubric.name, '--grader', 'setup')
        with open(os.path.join(WORK, 'pen-scores.json')) as file:
            cls.written = json.load(file)
        cls.server, cls.link = start_server(PROJECT)
        cls.driver = browser(820, 1180)
        cls.driver.execute_cdp_cmd('Emulation.setTouchEmulationEnabled', {'enabled': True, 'maxTouchPoints': 5})

    def fetch(self, method, path, body=None):
        return self.driver.execute_async_script("""
            const [method, path, body, done] = arguments;
            fetch(path, { method, headers: { 'Content-Type': 'application/json' }, body: body == null ? undefined : JSON.stringify(body) })
              .then(r => r.json()).then(done);""", method, path, body)

    def hand(self, text, offered):
        """Strokes of `text` by the first generated hand whose reading the server offers (or, `offered` False, refuses)."""
        for strokes in self.written[text]:
            reading = self.fetch('POST', f'/api/questions/{self.question}/written-score', {'strokes': strokes})
            if ('score' in reading) == offered:
                return strokes, reading
        self.fail(f'no hand of {text} was {"offered" if offered else "refused"}')

    def write(self, strokes, pointer):
        """Writes `strokes` in the writing area, stroke by stroke, as a pen (or finger) would."""
        self.target('#score-ink', smallest=44)
        where = "const r = document.getElementById('score-ink').getBoundingClientRect(); return [r.left, r.top, r.width, r.height];"
        left, top, width, height = before = self.driver.execute_script(where)
        self.assertTrue(max(y for stroke in strokes for _, y in stroke) < height, f'the writing area is {height} px tall')
        for stroke in strokes:
            self.press([(left + x, top + y) for x, y in stroke], pointer)
            self.assertEqual(self.driver.execute_script(where), before, 'the writing area stays where it is while the score is written')

    def recorded(self, student):
        """Q2's score of `student` in `ezgrader export csv`, and who gave it (the API's card)."""
        lines = [line.split(',') for line in cli('export', 'csv', PROJECT, '--grader', 'check').splitlines()]
        name = self.names[student]
        row = next(line for line in lines if line[1] == 'Q2')
        card = self.fetch('GET', f'/api/questions/{self.question}/card?move=here&student={student}')
        return row[lines[0].index(name)], card.get('gradedBy')

    def test_writing_scores_by_pen_and_finger(self):
        driver = self.driver
        self.size(820, 1180)
        driver.get(self.link)
        wait(driver, lambda: driver.find_elements('css selector', '#name-graders button'))
        driver.execute_script("""fetch('/api/me', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ name: 'Tess' }) })
                                 .then(() => location.reload());""")
        wait(driver, lambda: driver.execute_script("return document.getElementById('who')?.textContent") == 'Tess')
        wait(driver, lambda: self.card()['student'])
        driver.execute_script("window.keysSeen = 0; for (const kind of ['keydown', 'keypress', 'keyup']) addEventListener(kind, () => window.keysSeen++, true);")
        me = self.fetch('GET', '/api/me')
        self.question = me['questions'][0]['id']
        self.names = {str(s['student']): s['name'] for s in self.fetch('GET', '/api/overview')['students']}
        # The touch layout shows after the first pen tap (here on the student's name).
        first = self.card()['student']
        self.press([tuple(self.target('#card-name', smallest=0))], 'pen')
        wait(driver, lambda: driver.execute_script("return document.body.classList.contains('touch')"))
        # 12 on a question worth 10: said, not offered, nothing recorded.
        twelve, reading = self.hand('12', offered=False)
        self.write(twelve, 'pen')
        wait(driver, lambda: driver.find_element('id', 'score-reading').is_displayed(), message='the reading of 12 is said')
        said = driver.find_element('id', 'score-reading').text
        self.assertEqual(said, reading['message'])
        self.assertTrue(said.startswith('Read 12, but Q2 takes 0 to 10') or said.startswith('Not sure'), said)
        self.assertFalse(driver.find_element('id', 'score-offer').is_displayed(), 'no offer for a score that does not fit')
        self.shot(self.driver, 'pen-score-820x1180-refused')
        self.assertEqual(self.recorded(first), ('?', None))
        # Written again: the old strokes go at the first new stroke; 7 is offered, and recorded only by the tap.
        seven, _ = self.hand('7', offered=True)
        self.write(seven, 'pen')
        wait(driver, lambda: driver.find_element('id', 'score-offer').is_displayed(), message='7 is offered')
        self.assertEqual(driver.find_element('id', 'score-offer').text, '7 — tap to give 7/10')
        self.assertFalse(driver.find_element('id', 'score-reading').is_displayed())
        self.assertEqual(driver.execute_script("return document.querySelector('#score-writing').classList.contains('written')"), True)
        self.shot(self.driver, 'pen-score-820x1180-offer')
        time.sleep(1)
        self.assertEqual(self.recorded(first), ('?', None), 'nothing is recorded before the tap')
        self.tap('#score-offer', 'pen')
        wait(driver, lambda: self.card()['student'] != first, message='the tap gives the score and goes to the next ungraded')
        self.assertEqual(self.recorded(first), ('7', 'Tess'))
        self.assertFalse(driver.find_element('id', 'score-offer').is_displayed(), 'the offer went with the answer')
        # A phone: written with a finger, tapped with a finger.
        self.size(390, 844)
        second = self.card()['student']
        nine, _ = self.hand('9', offered=True)
        self.write(nine, 'touch')
        wait(driver, lambda: driver.find_element('id', 'score-offer').is_displayed(), message='9 is offered on a phone')
        self.assertEqual(driver.find_element('id', 'score-offer').text, '9 — tap to give 9/10')
        self.shot(self.driver, 'pen-score-390x844-offer')
        self.tap('#score-offer', 'touch')
        wait(driver, lambda: self.card()['student'] != second)
        self.assertEqual(self.recorded(second), ('9', 'Tess'))
        self.assertEqual(driver.execute_script('return window.keysSeen'), 0, 'no key event reached the page')


if __name__ == '__main__':
    unittest.main(argv=[sys.argv[0], '-v', *sys.argv[3:]])
