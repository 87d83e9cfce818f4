#!/usr/bin/env python3
"""A TA grades bubble sheets with a phone camera, in real headless Chromium at 390×844 over HTTPS
(`serve --public`, the TA's personal link as a grader). The camera is Chromium's fake device fed
an MJPEG video this test makes from three phone photos of the sample school sheet (the omr tests'
generator, `ezgrader-samples --photos`), each laid on a dark table, held still for a few seconds,
then taken away. The Capture view outlines each sheet, takes it once it holds still, shows the
reading over the photo, asks who it is (the student numbers are not on the roster), and keeps it;
a sheet seen again asks before replacing. The scores and per-question marks shown equal `omr` on
the same images (the photos the server kept, read in a project of their own), and the three
sheets appear in `export csv`.

usage: capture_test.py EZGRADER_BINARY WORK_FOLDER   (screenshots go to WORK_FOLDER/screenshots)
"""
import csv, io, os, subprocess, sys, time, unittest

import phone_capture
from phone_capture import write_video
from grading_test import WORK, SAMPLES, EZGRADER, cli, wait
from selenium.webdriver.common.by import By

PROJECT = os.path.join(WORK, 'quiz.ezgrader')
PHOTOS = os.path.join(WORK, 'photos')
SHEET = os.path.join(SAMPLES, 'school-sheet')
KEYS = {'mc1': 'ABCDEABCDEABCDEABCDE', 'mc2': 'EDCBAEDCBAEDCBAEDCBA', 'q41': 'AC,B,DE,A,BC', 'q46': '042'}
NAMES = {'2000001': 'Cy Young', '2000002': 'Dee Park', '2000003': 'Eli Moss'}


def make_video():
    """The three sample photos, as `write_video` shows them."""
    cli_samples = os.path.join(os.path.dirname(EZGRADER), 'ezgrader-samples')
    subprocess.run([cli_samples, '--photos', PHOTOS, '--count', '3'], check=True, capture_output=True, timeout=300)
    write_video([os.path.join(PHOTOS, f'photo-{index}.jpg') for index in (1, 2, 3)])


def csv_rows(text):
    return list(csv.reader(io.StringIO(text)))


class CapturingWithAPhone(phone_capture.CapturingTestCase):
    @classmethod
    def setUpClass(cls):
        make_video()
        cli('new', PROJECT, os.path.join(SHEET, 'scans'), '--rubric', os.path.join(SHEET, 'rubric.yaml'), '--grader', 'setup')
        for block, answers in KEYS.items(): cli('key', 'set', PROJECT, '--block', block, answers)
        cls.start_phone(PROJECT)

    def shown(self):
        """The reading on screen: outcome, ID read, student, score, and each question's (label, mark, points)."""
        d = self.driver
        result = d.find_element(By.ID, 'capture-result')
        marks = [(li.get_attribute('data-label'), li.get_attribute('class').split()[-1], li.get_attribute('data-points'))
                 for li in d.find_elements(By.CSS_SELECTOR, '#capture-list li')]
        return {'outcome': result.get_attribute('data-outcome'), 'id': result.get_attribute('data-id'),
                'student': d.find_element(By.ID, 'capture-student').text, 'score': d.find_element(By.ID, 'capture-score').text, 'marks': marks}

    def next_reading(self, seen):
        """Waits for a reading other than the one last seen (the camera takes the next sheet by itself)."""
        d = self.driver
        wait(d, lambda: d.find_element(By.ID, 'capture-result').is_displayed() and self.shown() != seen, 60, 'a sheet is taken and read')
        return self.shown()

    def test_three_sheets_by_camera_equal_omr_and_are_exported(self):
        d = self.driver
        d.find_element(By.ID, 'tab-capture').click()
        wait(d, lambda: d.find_element(By.ID, 'capture-outline').is_displayed(), 20, 'the sheet in view is outlined')
        # At a phone's width the page does not scroll sideways: the views' tabs scroll in their bar, the one shown in sight.
        fit = d.execute_script("""const tab = document.getElementById('tab-capture').getBoundingClientRect(), phone = screen.width;
            return [document.documentElement.scrollWidth <= phone, tab.left >= 0 && tab.right <= phone];""")
        self.assertEqual(fit, [True, True], 'the page fits the phone and the Capture tab is in sight')
        self.phone_shot('1-outlined')
        saved, asked_replace, last = {}, False, None
        deadline = time.time() + 240
        while len(saved) < 3 and time.time() < deadline:
            reading = self.next_reading(last)
            if reading['outcome'] == 'needsStudent':
                self.assertIn(reading['id'], NAMES, 'the ID grid is read in full')
                self.assertEqual(reading['student'], 'Who is this?')
                if not saved: self.phone_shot('2-who-is-this')
                d.find_element(By.ID, 'capture-name').send_keys(NAMES[reading['id']])
                d.find_element(By.ID, 'capture-save').click()
                wait(d, lambda: self.shown()['outcome'] == 'added', 30, 'the sheet is kept')
                kept = self.shown()
                self.assertEqual(kept['marks'], reading['marks'], 'the same reading once named')
                saved[NAMES[reading['id']]] = kept
                self.phone_shot(f'3-saved-{len(saved)}')
            elif reading['outcome'] == 'alreadyHasSheet':
                # A sheet seen again: the page asks; the old sheet is kept.
                self.assertTrue(d.find_element(By.ID, 'capture-ask').is_displayed())
                if not asked_replace: self.phone_shot('4-replace-asked')
                asked_replace = True
                d.find_element(By.ID, 'capture-keep').click()
            else:
                self.fail(f'unexpected reading {reading}')
            last = self.shown() if d.find_element(By.ID, 'capture-result').is_displayed() else None
            if d.find_element(By.ID, 'capture-next').is_displayed(): d.find_element(By.ID, 'capture-next').click()
            last = None
            wait(d, lambda: not d.find_element(By.ID, 'capture-result').is_displayed(), 5, 'back to the camera')
        self.assertEqual(sorted(saved), sorted(NAMES.values()), 'three sheets captured')

        # The sheets are the project's now, exported like any scan's.
        students = {row[0]: row for row in csv_rows(cli('export', 'csv', PROJECT, '--layout', 'students'))[1:]}
        for name, reading in saved.items():
            total, maximum = reading['score'].split(' / ')
            self.assertIn(name, students, f'{name} in export csv')
            header = csv_rows(cli('export', 'csv', PROJECT, '--layout', 'students'))[0]
            self.assertEqual(students[name][header.index('Total')], total)
            self.assertEqual(students[name][header.index('Max')], maximum)

        # `omr` on the same images: the photos as the server kept them, read in a project of their own.
        check = os.path.join(WORK, 'omr.ezgrader')
        photos = sorted(os.path.join(PROJECT, 'scans', f) for f in os.listdir(os.path.join(PROJECT, 'scans')) if f.endswith(' photo.pdf'))
        self.assertEqual(len(photos), 3)
        cli('new', check, *photos, '--rubric', os.path.join(SHEET, 'rubric.yaml'), '--grader', 'setup')
        for block, answers in KEYS.items(): cli('key', 'set', check, '--block', block, answers)
        cli('omr', check)
        table = csv_rows(cli('export', 'csv', check))
        header, compared, flagged = table[0], 0, 0
        rows = {row[1]: row for row in table[1:]}
        for name, reading in saved.items():
            column = header.index(f'{name} photo')
            for label, mark, points in reading['marks']:
                omr = rows[label][column]
                self.assertEqual(points, omr, f'{name} {label}: shown {mark} {points}, omr {omr}')
                self.assertEqual(mark in ('flagged', 'noKey'), omr == '?', f'{name} {label}')
                compared += 1
                flagged += mark == 'flagged'
        print(f'{compared} marks compared with omr, {flagged} flagged; replace asked: {asked_replace}')
        self.assertGreaterEqual(compared, 3 * 45)


if __name__ == '__main__':
    unittest.main(argv=[sys.argv[0]], verbosity=2)
