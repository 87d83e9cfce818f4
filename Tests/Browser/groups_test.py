#!/usr/bin/env python3
"""Grading a question by answer groups in the browser: the Groups view suggests the letter question's
three C's and three blanks as groups; Ann (a laptop) confirms the C's and grades them by keys, and
confirms and grades the blanks with one Enter; Ben's tablet shows it live; the scores are read back by
`export csv`; the blanks' confirm-and-grade is undone as one step. − resizes the crops only while no
points are typed. Screenshots at 1366x768 and 820x1180.

The Swift test writes WORK_FOLDER/in (s1…s8: letters C, -, C, A, -, C, -, D), blank.pdf (the master
copy) and boxes.json (the four grade boxes' corners) first.

usage: groups_test.py EZGRADER_BINARY WORK_FOLDER   (screenshots go to WORK_FOLDER/screenshots)
"""
import csv, io, json, os, sys, unittest

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from grading_test import WORK, browser, cli, start_server, wait
from served_case import ServedTestCase

PROJECT = os.path.join(WORK, 'quiz.ezgrader')
LETTERS = ['C', None, 'C', 'A', None, 'C', None, 'D']
CS = {f's{i + 1}' for i, letter in enumerate(LETTERS) if letter == 'C'}
BLANKS = {f's{i + 1}' for i, letter in enumerate(LETTERS) if letter is None}


class GradingByAnswerGroups(ServedTestCase):
    @classmethod
    def setUpClass(cls):
        cli('new', PROJECT, os.path.join(WORK, 'in'), '--master', os.path.join(WORK, 'blank.pdf'), '--grader', 'setup')
        with open(os.path.join(WORK, 'boxes.json')) as file:
            for index, (x, y) in enumerate(json.load(file)):
                cli('question', 'add', PROJECT, '--page', '1', '--at', f'{int(x)},{int(y)}', '--max', '2', '--label', f'Q{index + 1}', '--grader', 'setup')
        cls.server, cls.link = start_server(PROJECT)
        cls.ann, cls.ben = browser(1366, 768), browser(820, 1180)
        cls.open_as(cls.ann, 'Ann')
        cls.open_as(cls.ben, 'Ben')

    def scores(self):
        """Q3's score of each student, as `export csv` writes it (a row per question, a column per student; ? when ungraded)."""
        rows = list(csv.reader(io.StringIO(cli('export', 'csv', PROJECT, '-o', '-', '--grader', 'check'))))
        row = next(row for row in rows if len(row) > 1 and row[1] == 'Q3')
        return {name: row[column] for column, name in enumerate(rows[0]) if name in CS | BLANKS | {'s4', 's8'}}

    def groups(self, driver):
        """The groups shown: (title, state, names of the answers) of each, top to bottom."""
        return driver.execute_script("""return [...document.querySelectorAll('#groups-list .group')].map((g) => [
            g.querySelector('.group-title').textContent, g.querySelector('.group-state').textContent,
            [...g.querySelectorAll('.tile-name')].map((n) => n.textContent)]);""")

    def open_groups(self, driver, by_key):
        if by_key: self.keys(driver, 'G')   # Shift+G
        else: driver.find_element(By.ID, 'tab-groups').click()
        wait(driver, lambda: driver.find_element(By.ID, 'view-groups').is_displayed())
        Select(driver.find_element(By.ID, 'groups-question')).select_by_index(2)   # Q3, the letter
        wait(driver, lambda: sorted(len(names) for _, _, names in self.groups(driver)) == [1, 1, 3, 3], 60, "the letter question's four groups were not shown")
        # Every crop drawn.
        wait(driver, lambda: driver.execute_script(
            "return [...document.querySelectorAll('.tile img')].every((i) => i.complete && i.naturalWidth > 0)"), 30, 'crops not drawn')

    def select_group(self, driver, starts):
        """Moves the selection by ↑/↓ keys to the first group whose title starts with `starts`."""
        titles = [title for title, _, _ in self.groups(driver)]
        target = next(i for i, title in enumerate(titles) if title.startswith(starts))
        at = driver.execute_script("return [...document.querySelectorAll('#groups-list .group')].findIndex((g) => g.classList.contains('selected'))")
        for _ in range(abs(target - at)): self.keys(driver, Keys.ARROW_DOWN if target > at else Keys.ARROW_UP)
        wait(driver, lambda: 'selected' in driver.find_elements(By.CSS_SELECTOR, '#groups-list .group')[target].get_attribute('class'))

    def test_1_suggested_groups_confirmed_and_graded_by_keys(self):
        self.open_groups(self.ann, by_key=True)
        self.open_groups(self.ben, by_key=False)
        shown = self.groups(self.ann)
        # The three C's and the three blanks are the two largest groups, each with its confidence; the A and the D alone.
        self.assertEqual(sorted(set(names) for _, _, names in shown[:2]) , sorted([CS, BLANKS], key=sorted), shown)
        self.assertTrue(all('% sure' in state for _, state, _ in shown), shown)
        self.assertEqual(sorted(len(names) for _, _, names in shown), [1, 1, 3, 3], shown)
        self.shot(self.ann, 'groups-laptop')
        self.shot(self.ben, 'groups-tablet')
        # The crops are legible: 360 px wide, three side by side on the laptop and two on the tablet.
        for driver, across in ((self.ann, 3), (self.ben, 2)):
            tops = driver.execute_script("return [...document.querySelector('.group .tiles').children].map((t) => [t.getBoundingClientRect().top, t.querySelector('.tile-crop').getBoundingClientRect().width])")
            self.assertEqual([round(width) for _, width in tops], [360] * 3)
            self.assertEqual(sum(1 for top, _ in tops if top == tops[0][0]), across, tops)
        # + enlarges them (540 px), − back.
        self.keys(self.ann, '+')
        wait(self.ann, lambda: round(self.ann.execute_script("return document.querySelector('.tile-crop').getBoundingClientRect().width")) == 540)
        self.shot(self.ann, 'groups-laptop-larger')
        # − while points are being typed is part of them (a minus), not a resize; Esc drops the points, then − shrinks.
        width = lambda: round(self.ann.execute_script("return document.querySelector('.tile-crop').getBoundingClientRect().width"))
        self.keys(self.ann, '1', '-')
        self.assertEqual(width(), 540)
        self.keys(self.ann, Keys.ESCAPE, '-')
        wait(self.ann, lambda: width() == 360)

        # The C's: Enter confirms, "2" Enter grades all three as one step.
        self.select_group(self.ann, 'Alike · 3')
        self.keys(self.ann, Keys.ENTER)
        wait(self.ann, lambda: any(state.startswith('confirmed by Ann') and set(names) == CS for _, state, names in self.groups(self.ann)), 60)
        self.select_group(self.ann, 'Alike · 3')
        self.keys(self.ann, '2', Keys.ENTER)
        wait(self.ann, lambda: all(self.scores()[name] == '2' for name in CS), 10, 'the C group was not graded')
        # The blanks: "0" typed on the suggestion, Enter confirms and grades them as one step.
        self.select_group(self.ann, 'Blank')
        self.keys(self.ann, '0')
        wait(self.ann, lambda: self.ann.find_element(By.CSS_SELECTOR, '.group.selected .group-points').text == '0 / 2')
        self.keys(self.ann, Keys.ENTER)
        wait(self.ann, lambda: any(state.startswith('confirmed by Ann') and set(names) == BLANKS for _, state, names in self.groups(self.ann)), 60)
        expected = {name: '2' if name in CS else '0' if name in BLANKS else '?' for name in [f's{i}' for i in range(1, 9)]}
        wait(self.ann, lambda: self.scores() == expected, 10, f'scores {self.scores()}')
        # Ben's tablet shows both groups graded without a reload.
        wait(self.ben, lambda: sum(1 for title, state, _ in self.groups(self.ben) if state.startswith('confirmed')) == 2, 60)
        wait(self.ben, lambda: 'all 0 / 2' in self.ben.find_element(By.ID, 'groups-list').text and 'all 2 / 2' in self.ben.find_element(By.ID, 'groups-list').text, 60)
        self.shot(self.ann, 'groups-laptop-graded')
        self.shot(self.ben, 'groups-tablet-graded')

    def test_2_the_group_grade_is_undone_as_one_step(self):
        # The blanks' confirm-and-grade is one step: one Ctrl+Z takes their scores and the group (a suggestion again); the C's stay.
        ActionChains(self.ann).key_down(Keys.CONTROL).send_keys('z').key_up(Keys.CONTROL).perform()
        wait(self.ann, lambda: 'Undid: group 3 answers to Q3 (blank) and grade them: 0' in self.ann.find_element(By.ID, 'toast').text, 10)
        expected = {name: '2' if name in CS else '?' for name in [f's{i}' for i in range(1, 9)]}
        wait(self.ann, lambda: self.scores() == expected, 10, f'scores {self.scores()}')
        wait(self.ann, lambda: any(not state.startswith('confirmed') and set(names) == BLANKS for _, state, names in self.groups(self.ann)), 60)
        self.assertTrue(any(state.startswith('confirmed by Ann') and set(names) == CS for _, state, names in self.groups(self.ann)))
        wait(self.ben, lambda: 'all 0 / 2' not in self.ben.find_element(By.ID, 'groups-list').text, 60)

    def test_3_an_answer_taken_out_by_tap_on_the_tablet(self):
        # Ben taps ✕ on one C: it leaves the confirmed group (its score stays), one undoable step.
        tile = next(t for t in self.ben.find_elements(By.CSS_SELECTOR, '.group.confirmed .tile') if t.find_element(By.CSS_SELECTOR, '.tile-name').text in CS)
        name = tile.find_element(By.CSS_SELECTOR, '.tile-name').text
        tile.find_element(By.CSS_SELECTOR, '.tile-out').click()
        wait(self.ben, lambda: any(state.startswith('confirmed') and set(names) == CS - {name} for _, state, names in self.groups(self.ben)), 60)
        self.assertEqual(self.scores()[name], '2')


if __name__ == '__main__':
    unittest.main(argv=sys.argv[:1], verbosity=2)
