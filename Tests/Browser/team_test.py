#!/usr/bin/env python3
"""Grading as a team in real headless Chromium: three graders in three browsers split one question
of a 60-student class by "next ungraded", and a score saved by one grader while another typed ends
in a conflict shown in place, never a silent overwrite. Each check reads the project back through
the command line.

usage: team_test.py EZGRADER_BINARY WORK_FOLDER   (screenshots go to WORK_FOLDER/screenshots)
"""
import os, shutil, sys, threading, time, unittest

from grading_test import WORK, SAMPLES, api_get, browser, cli, wait, start_server
from served_case import ServedTestCase
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

PROJECT = os.path.join(WORK, 'team.ezgrader')
STUDENTS = 60


class GradingAsATeam(ServedTestCase):
    @classmethod
    def setUpClass(cls):
        scans = os.path.join(WORK, 'class')
        os.makedirs(scans, exist_ok=True)
        for n in range(1, STUDENTS + 1):   # one small scanned booklet under 60 names: a class in a second
            shutil.copy(os.path.join(SAMPLES, 'scanned', 'Anna Schmidt.pdf'), os.path.join(scans, f'Student {n:02}.pdf'))
        cli('new', PROJECT, scans, '--grader', 'setup')
        cli('question', 'add', PROJECT, '--page', '1', '--at', '476,176', '--max', '4', '--label', 'Q1', '--grader', 'setup')
        cli('question', 'add', PROJECT, '--page', '1', '--at', '476,420', '--max', '4', '--label', 'Q2', '--grader', 'setup')
        cls.server, cls.link = start_server(PROJECT)
        cls.ids = {q['name']: str(q['id']) for q in api_get(cls.link, '/api/me')['questions']}

    def open_as(self, name, question, width=1366, height=768, block_events=False):
        driver = browser(width, height)
        if block_events:
            driver.execute_cdp_cmd('Network.enable', {})
            driver.execute_cdp_cmd('Network.setBlockedURLs', {'urls': ['*/api/events*']})
        driver.get(self.link)
        wait(driver, lambda: driver.find_element(By.ID, 'name-dialog').get_attribute('open') is not None, 10)
        driver.find_element(By.ID, 'name-input').send_keys(name, Keys.ENTER)
        wait(driver, lambda: driver.find_element(By.ID, 'who').text == name)
        select = driver.find_element(By.ID, 'question-select')
        if select.get_attribute('value') != question:
            driver.execute_script('const s = arguments[0]; s.value = arguments[1]; s.dispatchEvent(new Event("change"));', select, question)
        wait(driver, lambda: driver.find_element(By.ID, 'card-name').get_attribute('data-question') == question, 10)
        return driver

    def card(self, driver):
        name = driver.find_element(By.ID, 'card-name')
        return name.get_attribute('data-student'), name.get_attribute('data-score'), name.text

    def score_steps(self):
        """(grader, student, question) of every score step in the history, oldest first."""
        steps = []
        for line in reversed(cli('history', PROJECT, '--limit', '1000').splitlines()):
            fields = line.split('\t')
            if len(fields) >= 4 and fields[3].startswith('score '):
                student, question = fields[3][len('score '):].split(':')[0].rsplit(' on ', 1)
                steps.append((fields[2], student, question))
        return steps

    def test_1_three_graders_split_one_question_of_sixty(self):
        q1 = self.ids['Q1']
        graders = {name: self.open_as(name, q1) for name in ['Ann', 'Ben', 'Cy']}
        seen = {name: [] for name in graders}
        problems = []

        def grade(name, driver, score):
            try:
                deadline = time.time() + 90
                while time.time() < deadline:
                    student, shown, _ = self.card(driver)
                    if shown != '?':   # every answer left is graded or open elsewhere: wait for the others
                        if driver.find_element(By.ID, 'card-progress').text.endswith(' 0 ungraded'):
                            return
                        time.sleep(0.2)
                        continue
                    seen[name].append(student)
                    ActionChains(driver).send_keys(score, Keys.ENTER).perform()
                    wait(driver, lambda: self.card(driver)[0] != student or self.card(driver)[1] != '?', 10, f'{name} after {student}')
                problems.append(f'{name} did not finish')
            except Exception as error:  # reported by the main thread
                problems.append(f'{name}: {error!r}')

        doubly_held, looks = set(), []
        def watch():   # what the server says is open, all along: never one answer in two browsers
            while any(thread.is_alive() for thread in threads):
                rows = api_get(self.link, '/api/overview', 'watcher')['students']
                for row in rows:
                    if ', ' in row['holders'][0]: doubly_held.add((row['name'], row['holders'][0]))
                looks.append(sum(1 for row in rows if row['holders'][0]))
                time.sleep(0.1)

        started = time.time()
        threads = [threading.Thread(target=grade, args=(name, driver, str(i + 1))) for i, (name, driver) in enumerate(graders.items())]
        for thread in threads: thread.start()
        watcher = threading.Thread(target=watch)
        watcher.start()
        for thread in threads: thread.join()
        watcher.join()
        took = time.time() - started
        try:
            self.assertEqual(problems, [])
            self.assertEqual(doubly_held, set(), 'an answer open in two browsers at once')
            self.assertGreater(len(looks), 10)
            self.assertEqual(max(looks), 3, 'the watcher saw the three graders each on an answer')
            everyone = [student for students in seen.values() for student in students]
            self.assertEqual(len(everyone), STUDENTS, 'every student graded once, by one grader')
            self.assertEqual(len(set(everyone)), STUDENTS, 'no answer shown to two graders')
            for name, students in seen.items():
                self.assertGreater(len(students), 5, f'{name} had a share of the class: {[len(s) for s in seen.values()]}')
            steps = [step for step in self.score_steps() if step[2] == 'Q1']
            self.assertEqual(len(steps), STUDENTS, 'one score step per student: nobody overwrote anybody')
            self.assertEqual(len({student for _, student, _ in steps}), STUDENTS)
            row = next(line for line in cli('export', 'csv', PROJECT).splitlines() if ',Q1,' in line)
            self.assertNotIn('?', row)
            print(f'\n60 answers by 3 graders in {took:.1f} s: ' + ', '.join(f'{n} {len(s)}' for n, s in seen.items()), file=sys.stderr)
        finally:
            for driver in graders.values(): driver.quit()

    def test_2_a_score_saved_while_another_grader_typed_is_a_conflict(self):
        q2 = self.ids['Q2']
        ann = self.open_as('Ann', q2)
        ben = self.open_as('Ben', q2)
        cy = browser()
        try:
            anna_student, _, anna_name = self.card(ann)
            self.assertNotEqual(self.card(ben)[0], anna_student, "Ben is not handed the answer Ann has open")
            # The class view of a third grader shows who has what open, live.
            cy.get(self.link)
            wait(cy, lambda: cy.find_element(By.ID, 'name-dialog').get_attribute('open') is not None, 10)
            cy.find_element(By.ID, 'name-input').send_keys('Cy', Keys.ENTER)
            wait(cy, lambda: cy.find_element(By.ID, 'who').text == 'Cy')
            cy.find_element(By.ID, 'tab-class').click()
            held = lambda: cy.find_element(By.CSS_SELECTOR, f'td.cell[data-question="{q2}"][data-student="{anna_student}"]')
            wait(cy, lambda: held().get_attribute('title') == 'Ann is grading this answer', 5)

            # Ben opens Ann's answer on purpose: his card says so.
            self.open_on_purpose(ben, q2, anna_student)
            wait(ben, lambda: ben.find_element(By.ID, 'card-held').text == 'Ann is grading this answer')
            self.shots(ben, 'team-held')
            wait(cy, lambda: held().get_attribute('title') == 'Ann, Ben are grading this answer', 5)
            cy.execute_script('arguments[0].scrollIntoView({block: "center"})', held())
            self.shot(cy, 'team-class-laptop')

            # Ben is half-way through typing 2 when Ann saves 4: a conflict, nothing saved.
            ActionChains(ben).send_keys('2').perform()
            ActionChains(ann).send_keys('4', Keys.ENTER).perform()
            conflict = lambda: ben.find_element(By.ID, 'card-conflict')
            wait(ben, lambda: conflict().is_displayed(), 5, "Ben's card shows the conflict")
            self.assertEqual(conflict().text.splitlines(), ['Ann gave 4 while you typed 2.', 'Enter keeps yours · Esc takes theirs'])
            self.shots(ben, 'team-conflict')
            self.assertEqual(self.score_of(anna_name, 'Q2'), '4')
            # Esc takes Ann's.
            ActionChains(ben).send_keys(Keys.ESCAPE).perform()
            wait(ben, lambda: not conflict().is_displayed() and ben.find_element(By.ID, 'score-input').get_attribute('value') == '4')
            self.assertEqual(self.score_of(anna_name, 'Q2'), '4')

            # Ben types 1, Ann changes hers to 3 meanwhile; Ben's Enter keeps his, knowingly.
            ActionChains(ben).send_keys('1').perform()
            self.open_on_purpose(ann, q2, anna_student)
            ActionChains(ann).send_keys('3', Keys.ENTER).perform()
            wait(ben, lambda: conflict().is_displayed() and conflict().text.startswith('Ann gave 3 while you typed 1.'), 5)
            self.assertEqual(self.score_of(anna_name, 'Q2'), '3', 'nothing of Ben\'s saved until he chooses')
            ActionChains(ben).send_keys(Keys.ENTER).perform()
            wait(ben, lambda: self.card(ben)[0] != anna_student)
            self.assertEqual(self.score_of(anna_name, 'Q2'), '1')
            steps = [(grader) for grader, student, question in self.score_steps() if question == 'Q2' and student == anna_name]
            self.assertEqual(steps, ['Ann', 'Ann', 'Ben'])
        finally:
            for driver in [ann, ben, cy]: driver.quit()

    def test_3_a_save_that_crossed_another_is_a_conflict_too(self):
        # Without live updates (the event stream blocked), Dee's save meets Ann's score on the server.
        dee = self.open_as('Dee', self.ids['Q2'], block_events=True)
        try:
            student, shown, name = self.card(dee)
            self.assertEqual(shown, '?')
            ActionChains(dee).send_keys('2').perform()
            cli('score', PROJECT, '--student', name, '--question', 'Q2', '4', '--grader', 'Ann')
            ActionChains(dee).send_keys(Keys.ENTER).perform()
            conflict = lambda: dee.find_element(By.ID, 'card-conflict')
            wait(dee, lambda: conflict().is_displayed(), 5, "Dee's card shows the conflict")
            self.assertEqual(conflict().text.splitlines()[0], 'Ann gave 4 while you typed 2.')
            self.assertEqual(self.card(dee)[0], student, 'Dee stays on the answer')
            self.assertEqual(self.score_of(name, 'Q2'), '4', "Ann's score stands")
        finally:
            dee.quit()

    def open_on_purpose(self, driver, question, student):
        """Opens one answer from the class view, as a grader who means to."""
        driver.find_element(By.ID, 'tab-class').click()
        cell = lambda: driver.find_element(By.CSS_SELECTOR, f'td.cell[data-question="{question}"][data-student="{student}"]')
        wait(driver, lambda: cell().is_displayed())
        cell().click()
        wait(driver, lambda: self.card(driver)[0] == student and driver.find_element(By.ID, 'view-grade').is_displayed())

    def score_of(self, name, question):
        lines = cli('export', 'csv', PROJECT).splitlines()
        header = lines[0].split(',')
        row = next(line for line in lines if f',{question},' in line).split(',')
        return row[header.index(name)]

    def shots(self, driver, name):
        """The card at laptop and tablet sizes."""
        for size, (width, height) in [('laptop', (1366, 768)), ('tablet', (810, 1080))]:
            driver.set_window_size(width, height)
            time.sleep(0.4)
            self.shot(driver, f'{name}-{size}')
        driver.set_window_size(1366, 768)


if __name__ == '__main__':
    unittest.main(argv=[sys.argv[0], '-v', *sys.argv[3:]])
