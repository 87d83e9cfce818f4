#!/usr/bin/env python3
"""A TA photographs bubble sheets whose students wrote their number by pen in the ID boxes, on a
phone (headless Chromium at 390×844 over HTTPS, the fake camera playing the photos the Swift test
wrote into WORK: HandwrittenCaptureFixture). Student 3's number is read and names them (they already
have a sheet, so the phone asks before replacing); a number two digits off Student 1's names nobody:
the three likeliest students are offered with their chances, and one tap on the first names Student 1.

usage: capture_id_test.py EZGRADER_BINARY WORK_FOLDER   (screenshots go to WORK_FOLDER/screenshots)
"""
import os, sys, time, unittest

import phone_capture
from phone_capture import write_video
from grading_test import WORK, cli, wait
from selenium.webdriver.common.by import By

PROJECT = os.path.join(WORK, 'class.ezgrader')


class IdentifyingByTheWrittenNumber(phone_capture.CapturingTestCase):
    SHOT_PREFIX = 'capture-id'

    @classmethod
    def setUpClass(cls):
        write_video([os.path.join(WORK, 'photo-0.jpg'), os.path.join(WORK, 'photo-1.jpg')])
        cli('new', PROJECT, os.path.join(WORK, 'scans'), '--roster', os.path.join(WORK, 'roster.csv'),
            '--rubric', os.path.join(WORK, 'rubric.yaml'), '--grader', 'setup')
        cls.start_phone(PROJECT)

    def reading(self):
        d = self.driver
        result = d.find_element(By.ID, 'capture-result')
        return (result.get_attribute('data-outcome'), d.find_element(By.ID, 'capture-student').text, result.get_attribute('data-handwritten'))

    def named(self):
        """Student 3's sheet: named by the number; asked before replacing the sheet they have."""
        d = self.driver
        self.assertEqual(self.reading()[1:], ('Student 3', '20267723'))
        self.assertTrue(d.find_element(By.ID, 'capture-ask').is_displayed())
        self.assertIn('20267723', d.find_element(By.ID, 'capture-status').text)
        self.phone_shot('1-named')
        d.find_element(By.ID, 'capture-keep').click()

    def offered(self):
        """The doubtful number: nobody named, three offered (likeliest first), the chooser kept; one tap names Student 1."""
        d = self.driver
        self.assertEqual(self.reading()[1:], ('Who is this?', '20263317'))
        offered = d.find_elements(By.CSS_SELECTOR, '#capture-likely button')
        self.assertEqual(len(offered), 3)
        self.assertEqual(offered[0].get_attribute('data-student'), 'Student 1')
        self.assertTrue(all(button.is_displayed() for button in offered))
        self.assertTrue(d.find_element(By.ID, 'capture-name').is_displayed(), 'the roster chooser stays')
        self.phone_shot('2-offered')
        offered[0].click()
        wait(d, lambda: self.reading()[:2] == ('alreadyHasSheet', 'Student 1'), 30, 'one tap names Student 1')
        self.phone_shot('3-tapped')
        d.find_element(By.ID, 'capture-keep').click()

    def test_the_written_number_names_the_student_or_offers_the_likeliest(self):
        d = self.driver
        d.find_element(By.ID, 'tab-capture').click()
        # The camera plays both sheets over and over: each is checked once, in whichever order it comes.
        checks, done, deadline = {'alreadyHasSheet': self.named, 'needsStudent': self.offered}, set(), time.time() + 180
        while len(done) < 2 and time.time() < deadline:
            wait(d, lambda: d.find_element(By.ID, 'capture-result').is_displayed(), 60, 'a sheet is taken and read')
            outcome = self.reading()[0]
            self.assertIn(outcome, checks)
            if outcome not in done:
                checks[outcome]()
                done.add(outcome)
            else:
                d.find_element(By.ID, 'capture-keep' if outcome == 'alreadyHasSheet' else 'capture-next').click()
            wait(d, lambda: not d.find_element(By.ID, 'capture-result').is_displayed(), 5, 'back to the camera')
        self.assertEqual(done, set(checks))
        self.assertFalse([f for f in os.listdir(os.path.join(PROJECT, 'scans')) if 'photo' in f], 'nothing was kept')
        print('written numbers: one named, one offered and picked by a tap')


if __name__ == '__main__':
    unittest.main(argv=[sys.argv[0]], verbosity=2)
