#!/usr/bin/env python3
"""Confirming handwritten student numbers in the browser: `ezgrader match --roster` matches what it
reads surely and leaves the rest; the IDs view shows each copy left with the number as written and
its three likeliest students; a key confirms one and the next copy shows at once, in a second
browser too (live); the match is read back through the command line. Laptop and tablet sizes.

The Swift test writes WORK_FOLDER/in (six copies: four numbers on the roster, paper5 half written,
paper6 off the roster), roster.csv and rubric.yaml first.

usage: idreview_test.py EZGRADER_BINARY WORK_FOLDER   (screenshots go to WORK_FOLDER/screenshots)
"""
import csv, io, os, sys, unittest

from selenium.webdriver.common.by import By

from grading_test import WORK, browser, cli, start_server, wait
from served_case import ServedTestCase

PROJECT = os.path.join(WORK, 'class.ezgrader')
ROSTER = os.path.join(WORK, 'roster.csv')
HALF_WRITTEN = '20260962'   # paper5 wrote only 20260___


class ConfirmingStudentNumbersInTheBrowser(ServedTestCase):

    @classmethod
    def setUpClass(cls):
        cli('new', PROJECT, os.path.join(WORK, 'in'), '--rubric', os.path.join(WORK, 'rubric.yaml'), '--grader', 'setup')
        # A stricter threshold than the default (4) leaves the half-written number (confidence about 4.1) for review too.
        cls.matched = cli('match', PROJECT, '--roster', ROSTER, '--threshold', '5', '--grader', 'setup')
        cls.server, cls.link = start_server(PROJECT)
        cls.ann, cls.ben = browser(1366, 768), browser(820, 1180)   # a laptop, and a tablet upright
        cls.open_as(cls.ann, 'Ann')
        cls.open_as(cls.ben, 'Ben')

    def students(self):
        """The project's students as the command line exports them: name → roster id."""
        rows = csv.reader(io.StringIO(cli('export', 'csv', PROJECT, '--layout', 'students', '-o', '-', '--grader', 'check')))
        header = next(rows)
        return {row[0]: row[1] for row in rows if row}

    def shown(self, driver):
        """The copy the IDs view shows, and its offered students (name, roster id, share)."""
        copy = driver.find_element(By.ID, 'ids-copy').text
        choices = [(b.find_element(By.CSS_SELECTOR, '.id-name').text, b.find_element(By.CSS_SELECTOR, '.id-number').text,
                    b.find_element(By.CSS_SELECTOR, '.id-share').text) for b in driver.find_elements(By.CSS_SELECTOR, '#ids-choices button')]
        return copy, choices

    def test_1_confirming_by_key_and_seeing_it_live(self):
        self.assertIn('4 of 6 matched by their handwritten student number, 2 left for review.', self.matched)
        for driver in (self.ann, self.ben):
            driver.find_element(By.ID, 'tab-ids').click()
            wait(driver, lambda: driver.find_element(By.ID, 'ids-progress').text == '1 of 2 to confirm')
            wait(driver, lambda: driver.execute_script("const i = document.getElementById('ids-image'); return i.complete && i.naturalWidth > 0"))
        copy, choices = self.shown(self.ann)
        self.assertEqual(copy, 'paper5')
        self.assertEqual(len(choices), 3)
        self.assertTrue(all(share.endswith(' %') for _, _, share in choices), choices)
        self.shot(self.ann, 'idreview-laptop')
        self.shot(self.ben, 'idreview-tablet')
        # The crop is the boxes, legible: wider than 400 px on the laptop, and within the tablet's width.
        width = self.ann.execute_script("return document.getElementById('ids-crop').getBoundingClientRect().width")
        self.assertGreater(width, 400)
        # On both, the crop within its card, and the students and buttons in view without scrolling.
        for driver in (self.ann, self.ben):
            sizes = driver.execute_script("""const crop = document.getElementById('ids-crop').getBoundingClientRect(),
                card = document.getElementById('ids-card').getBoundingClientRect(), skip = document.getElementById('ids-next').getBoundingClientRect();
                return [crop.left >= card.left, crop.right <= card.right, skip.bottom <= innerHeight];""")
            self.assertEqual(sizes, [True, True, True])
        # The right student is among the three: their number confirms the copy, and the next copy shows at once.
        numbers = [number for _, number, _ in choices]
        self.assertIn(HALF_WRITTEN, numbers)
        self.keys(self.ann, str(numbers.index(HALF_WRITTEN) + 1))
        wait(self.ann, lambda: self.shown(self.ann)[0] == 'paper6', 1, 'the next copy did not show at once')
        self.assertEqual(self.ann.find_element(By.ID, 'ids-progress').text, '1 of 1 to confirm')
        name = next(name for name, number, _ in choices if number == HALF_WRITTEN)
        wait(self.ann, lambda: self.students().get(name) == HALF_WRITTEN, 5, 'the match is not in the project')
        self.assertNotIn('paper5', self.students())
        # Ben's tablet drops the copy by itself (a live update).
        wait(self.ben, lambda: self.ben.find_element(By.ID, 'ids-progress').text == '1 of 1 to confirm', 5)
        self.assertEqual(self.shown(self.ben)[0], 'paper6')

    def test_2_confirming_by_tap_on_the_tablet(self):
        copy, choices = self.shown(self.ben)
        self.assertEqual(copy, 'paper6')
        self.shot(self.ben, 'idreview-tablet-off-roster')
        self.assertTrue(self.ben.find_element(By.ID, 'ids-off-roster').is_displayed())
        self.assertFalse(self.ann.find_element(By.ID, 'ids-off-roster').is_displayed() and self.shown(self.ann)[0] == 'paper5')
        buttons = self.ben.find_elements(By.CSS_SELECTOR, '#ids-choices button')
        self.assertTrue(all(b.size['height'] >= 48 for b in buttons), [b.size for b in buttons])
        buttons[1].click()
        wait(self.ben, lambda: self.ben.find_element(By.ID, 'ids-empty').is_displayed(), 2)
        self.shot(self.ben, 'idreview-tablet-done')
        self.assertEqual(self.students().get(choices[1][0]), choices[1][1])
        wait(self.ann, lambda: self.ann.find_element(By.ID, 'ids-empty').is_displayed(), 5)


if __name__ == '__main__':
    unittest.main(argv=sys.argv[:1], verbosity=2)
