#!/usr/bin/env python3
"""Grading on a tablet with a pen and a finger alone, in real headless Chromium: at each of six tablet
sizes (portrait and landscape) ten students are graded on a rubric question by tapping its items and
ten on a typed-points question with the score pad, every tap a pen or touch event sent through CDP and
never a key; the scores read back with `ezgrader export csv`. Every control tapped must be in view,
uncovered and at least 44 px; no text field may take the focus. Screenshots of every size.

usage: tablet_test.py EZGRADER_BINARY WORK_FOLDER   (screenshots go to WORK_FOLDER/screenshots)
"""
import os, shutil, subprocess, sys, time, unittest

from grading_test import WORK, SAMPLES, browser, cli, start_server
from served_case import ServedTestCase
import grading_test

PROJECT = os.path.join(WORK, 'tablet.ezgrader')
SIZES = [(810, 1080), (1080, 810), (1024, 1366), (1366, 1024), (800, 1280), (1280, 800)]
PER_SIZE = 10
# The sample exam's first page, Q1 with its rubric and a typed-points Q2 worth 8.
RUBRIC_YAML = """questions:
  - {page: 1, at: "476,176", max: 4, label: Q1, items: [{points: -1, text: Sign error in the derivative}, {points: -1, text: f(2) not evaluated},
     {points: -2, text: Power rule misapplied, group: method}, {points: -4, text: No derivative taken, group: method}]}
  - {page: 1, at: "476,469", max: 8, label: Q2}
"""
# Q2 (max 8, no rubric): the pad's taps for one student, and the score they give.
TYPED = [(['8'], '8'), (['6', '.5'], '6.5'), (['0'], '0'), (['3', '.75'], '3.75'), (['2', '?', '5'], '5'),
         (['2', '.25'], '2.25'), (['7'], '7'), (['4', '.5'], '4.5'), (['1'], '1'), (['6'], '6')]
# Q1 (max 4, deductions of 1, 1, 2 and 4, the last two one group): the items tapped, and the score they give.
RUBRIC = [([1], '3'), ([2], '3'), ([1, 2], '2'), ([3], '2'), ([1, 3], '1'), ([2, 3], '1'), ([1, 2, 3], '0'), ([4], '0'),
          ([1], '3'), ([3], '2')]


def wait(driver, condition, seconds=15, message=''):
    """`grading_test.wait`, with time for a machine busy with other work (every tap waits for the server)."""
    return grading_test.wait(driver, condition, seconds, message)


class GradingOnATablet(ServedTestCase):
    @classmethod
    def setUpClass(cls):
        scans = os.path.join(WORK, 'tablet-class')
        os.makedirs(scans, exist_ok=True)
        page = os.path.join(WORK, 'page-1.pdf')   # a scanned booklet's first page under 60 names: a class in seconds
        subprocess.run(['qpdf', '--empty', '--pages', os.path.join(SAMPLES, 'scanned', 'Anna Schmidt.pdf'), '1', '--', page], check=True)
        for n in range(1, len(SIZES) * PER_SIZE + 1):
            shutil.copy(page, os.path.join(scans, f'Student {n:02}.pdf'))
        with open(os.path.join(WORK, 'tablet-rubric.yaml'), 'w') as rubric:
            rubric.write(RUBRIC_YAML)
        cli('new', PROJECT, scans, '--rubric', rubric.name, '--grader', 'Tess')
        cls.server, cls.link = start_server(PROJECT)
        cls.driver = browser()
        cls.driver.execute_cdp_cmd('Emulation.setTouchEmulationEnabled', {'enabled': True, 'maxTouchPoints': 5})

    def size(self, width, height):
        self.driver.execute_cdp_cmd('Emulation.setDeviceMetricsOverride', {'width': width, 'height': height, 'deviceScaleFactor': 1, 'mobile': False})
        wait(self.driver, lambda: self.driver.execute_script('return [innerWidth, innerHeight]') == [width, height])
        time.sleep(0.3)   # the answer is drawn again for the new width


    def target(self, selector, smallest=44):
        """The middle of the control `selector` in the window: it must be whole in view, not covered, and a thumb's size."""
        found = self.driver.execute_script("""
            const node = document.querySelector(arguments[0]), smallest = arguments[1];
            if (!node) return 'missing';
            const r = node.getBoundingClientRect(), x = r.left + r.width / 2, y = r.top + r.height / 2;
            if (r.width < smallest || r.height < smallest) return `${Math.round(r.width)}×${Math.round(r.height)} px, under 44 px`;
            if (r.left < 0 || r.top < 0 || r.right > innerWidth || r.bottom > innerHeight) return `out of view at ${[r.left, r.top, r.right, r.bottom].map(Math.round)}`;
            const top = document.elementFromPoint(x, y);
            if (!node.contains(top)) return `covered by ${top && (top.id || top.className || top.tagName)}`;
            return [x, y];""", selector, smallest)
        self.assertIsInstance(found, list, f'{selector} at {self.driver.execute_script("return [innerWidth, innerHeight]")}: {found}')
        return found

    def tap(self, selector, pointer):
        """A tap by a finger (touch events) or a pen (pen pointer events), through CDP."""
        x, y = self.target(selector)
        self.press([(x, y)], pointer)
        focused = self.driver.execute_script("""
            const node = document.activeElement;
            return node && node.matches('input:not([readonly]):not([type=checkbox]), textarea, [contenteditable=""], [contenteditable=true]') ? node.outerHTML : null;""")
        self.assertIsNone(focused, f'a tap on {selector} focused a text field (an on-screen keyboard)')

    def press(self, points, pointer):
        """Puts a finger or the pen down at the first point, moves it through the others and lifts it."""
        cdp = self.driver.execute_cdp_cmd
        (x, y), (ex, ey) = points[0], points[-1]
        # A hand takes a moment to change from pen to finger (Chromium drops a touch's click within ~0.5 s of a pen's).
        last, at = getattr(self, 'last_pointer', (pointer, 0))
        if last != pointer: time.sleep(max(0, at + 0.6 - time.time()))
        self.last_pointer = (pointer, time.time())
        if pointer == 'touch':
            cdp('Input.dispatchTouchEvent', {'type': 'touchStart', 'touchPoints': [{'x': x, 'y': y}]})
            for mx, my in points[1:]:
                cdp('Input.dispatchTouchEvent', {'type': 'touchMove', 'touchPoints': [{'x': mx, 'y': my}]})
            cdp('Input.dispatchTouchEvent', {'type': 'touchEnd', 'touchPoints': []})
        else:
            pen = {'button': 'left', 'pointerType': 'pen', 'force': 0.5, 'clickCount': 1}
            cdp('Input.dispatchMouseEvent', {'type': 'mousePressed', 'x': x, 'y': y, 'buttons': 1, **pen})
            for mx, my in points[1:]:
                cdp('Input.dispatchMouseEvent', {'type': 'mouseMoved', 'x': mx, 'y': my, 'buttons': 1, **pen, 'clickCount': 0})
            cdp('Input.dispatchMouseEvent', {'type': 'mouseReleased', 'x': ex, 'y': ey, 'buttons': 0, **pen, 'force': 0})

    def swipe(self, dx, pointer):
        """A horizontal swipe across the middle of the answer."""
        x, y = self.driver.execute_script("""
            const r = document.getElementById('crop').getBoundingClientRect();
            return [r.left + r.width / 2, r.top + Math.min(r.height, innerHeight - r.top) / 2];""")
        self.press([(x - dx / 2 + dx * i / 6, y + i) for i in range(7)], pointer)

    def card(self):
        return self.driver.execute_script("""
            const d = document.getElementById('card-name').dataset;
            return { student: d.student, question: d.question, score: d.score,
                     progress: document.getElementById('card-progress').textContent, shown: document.getElementById('score-input').value };""")

    def question(self, name, pointer):
        """Steps to question `name` with the picker's ▲ ▼ buttons (the same student), then to its next ungraded."""
        ids = [str(q['id']) for q in self.me['questions']]
        goal = ids[[q['name'] for q in self.me['questions']].index(name)]
        while self.card()['question'] != goal:
            at = ids.index(self.card()['question'])
            self.tap('#question-next' if ids.index(goal) > at else '#question-previous', pointer)
            wait(self.driver, lambda: self.card()['question'] == ids[at + (1 if ids.index(goal) > at else -1)])
        if self.card()['score'] != '?':   # with nothing typed, "Save · next" goes to the next ungraded
            self.save_and_next(pointer, self.card()['student'], self.card()['score'])

    def save_and_next(self, pointer, student, score):
        self.tap('#card-save', pointer)
        wait(self.driver, lambda: self.card()['student'] != student and self.card()['score'] == '?'
             or self.card()['progress'].endswith(' 0 ungraded') and self.card()['score'] == score,
             message=f'after saving {score}: the next ungraded student')

    def test_grading_sixty_students_at_six_tablet_sizes_without_a_key(self):
        driver = self.driver
        self.size(*SIZES[0])
        driver.get(self.link)
        # Who is grading: the project's graders as buttons, no typing.
        wait(driver, lambda: driver.find_elements('css selector', '#name-graders button'))
        self.shot(self.driver, 'tablet-who-is-grading')
        self.tap('#name-graders button:first-child', 'pen')
        wait(driver, lambda: driver.find_element('id', 'who').text == 'Tess')
        wait(driver, lambda: self.card()['student'])
        driver.execute_script("window.keysSeen = 0; for (const kind of ['keydown', 'keypress', 'keyup']) addEventListener(kind, () => window.keysSeen++, true);")
        self.me = driver.execute_async_script('const done = arguments[arguments.length - 1]; fetch("/api/me").then(r => r.json()).then(done);')
        self.assertIn('Tess', self.me['graders'])
        expected = {'Q1': {}, 'Q2': {}}
        for index, (width, height) in enumerate(SIZES):
            self.size(width, height)
            pointer = 'pen' if index % 2 == 0 else 'touch'
            label = f'{width}x{height}'
            # The rubric question: tap its items; the score follows; "Save · next" goes on.
            self.question('Q1', pointer)
            for n, (items, score) in enumerate(RUBRIC):
                student = self.card()['student']
                self.assertEqual(self.card()['score'], '?', f'{label}: student {student} is ungraded: {self.card()}')
                for item in items:
                    before = self.card()['score']
                    self.tap(f'#items li[data-number="{item}"]', pointer)
                    wait(driver, lambda: self.card()['score'] != before and driver.find_element('css selector', f'#items li[data-number="{item}"]').get_attribute('class') == 'applied')
                self.assertEqual(self.card()['score'], score, f'{label}: items {items}')
                if n == 2: self.shot(self.driver, f'tablet-{label}-rubric')
                expected['Q1'][student] = score
                self.save_and_next(pointer, student, score)
            # The typed-points question: the pad's points, fractions and "?".
            self.question('Q2', pointer)
            for n, (taps, score) in enumerate(TYPED):
                student = self.card()['student']
                self.assertEqual(self.card()['score'], '?', f'{label}: student {student} is ungraded')
                for value in taps:
                    self.tap(f'#score-pad button[data-value="{value}"]', pointer)
                wait(driver, lambda: self.card()['shown'] == score, message=f'{label}: the pad shows {score} after {taps}')
                if n == 1: self.shot(self.driver, f'tablet-{label}-score-pad')
                expected['Q2'][student] = score
                self.save_and_next(pointer, student, score)
        # A finger's swipe moves between students, as do the ◀ ▶ buttons (away from the end the card is at, and back).
        here, at_start = self.card()['student'], self.card()['progress'].startswith('1 of')
        away, back = (-240, 240) if at_start else (240, -240)
        self.swipe(away, 'touch')
        wait(driver, lambda: self.card()['student'] != here, message=f'a swipe by {away} px moves to another student')
        self.swipe(back, 'pen')
        time.sleep(0.5)
        self.assertNotEqual(self.card()['student'], here, "a pen's stroke across the answer writes, it does not turn the page")
        self.swipe(back, 'touch')
        wait(driver, lambda: self.card()['student'] == here, message=f'a swipe by {back} px moves back')
        self.tap('#card-next' if at_start else '#card-previous', 'pen')
        wait(driver, lambda: self.card()['student'] != here, message='▶ or ◀ moves to another student')
        self.tap('#card-previous' if at_start else '#card-next', 'pen')
        wait(driver, lambda: self.card()['student'] == here, message='◀ or ▶ moves back')
        # A tap on the box on the answer focuses scoring.
        box = self.target(f'#crop-layer [data-kind="box"][data-id="{self.card()["question"]}"]', smallest=0)
        self.press([(box[0], box[1] + 16)], 'pen')   # a finger's size around it counts (the box itself is 34 px tall here)
        wait(driver, lambda: driver.execute_script('return document.activeElement.id') == 'score-pad', message='tapping the box focuses the pad')
        # Undo and redo by tapping: the last score goes and comes back.
        last = list(expected['Q2'])[-1]
        self.tap('#grade-undo', 'touch')
        wait(driver, lambda: self.scores('Q2')[last] == '?', message='undo takes the last score back')
        self.tap('#grade-redo', 'pen')
        wait(driver, lambda: self.scores('Q2')[last] == expected['Q2'][last], message='redo gives it again')
        self.assertEqual(driver.execute_script('return window.keysSeen'), 0, 'no key event reached the page')
        # Every score, read back by the command line.
        for question in ['Q1', 'Q2']:
            self.assertEqual(len(expected[question]), len(SIZES) * PER_SIZE)
            self.assertEqual(self.scores(question), expected[question])
        # The class view by pen: no score cell in view is covered (the names' column stays beside them), a tap on one grades it.
        self.tap('#tab-class', 'pen')
        wait(driver, lambda: len(driver.find_elements('css selector', '#class-table td.cell')) == len(SIZES) * PER_SIZE * 2)
        covered = driver.execute_script("""
            const view = document.querySelector('.table-scroller').getBoundingClientRect();
            return [...document.querySelectorAll('#class-table td.cell')].filter((td) => {
              const r = td.getBoundingClientRect(), x = r.left + r.width / 2, y = r.top + r.height / 2;
              return x > view.left && x < view.right && y > view.top + r.height && y < view.bottom && !td.contains(document.elementFromPoint(x, y))
                && !document.elementFromPoint(x, y).closest('#toast');   // the passing message aside
            }).length;""")
        self.assertEqual(covered, 0, 'score cells covered in the class view')
        self.shot(self.driver, f'tablet-{SIZES[-1][0]}x{SIZES[-1][1]}-class')
        cell = '#class-table tbody tr:nth-child(2) td.cell'
        student = driver.execute_script('return document.querySelector(arguments[0]).dataset.student', cell)
        self.tap(cell, 'pen')
        wait(driver, lambda: self.card()['student'] == student and self.card()['question'] == str(self.me['questions'][0]['id']))

    def scores(self, question):
        """`question`'s scores by student key, from `ezgrader export csv`."""
        lines = [line.split(',') for line in cli('export', 'csv', PROJECT, '--grader', 'check').splitlines()]
        if not hasattr(self, 'names'):
            self.names = {str(s['student']): s['name'] for s in self.driver.execute_async_script(
                'const done = arguments[arguments.length - 1]; fetch("/api/overview").then(r => r.json()).then(d => done(d.students));')}
        row = next(line for line in lines if line[1] == question)
        return {student: row[lines[0].index(name)] for student, name in self.names.items()}


if __name__ == '__main__':
    unittest.main(argv=[sys.argv[0], '-v', *sys.argv[3:]])
