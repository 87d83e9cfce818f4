#!/usr/bin/env python3
"""Returning graded work by e-mail from the browser: the instructor's Return view lists each student
with their state (one without an address), previews a student's message as it will be sent (To,
Subject, the text, the PDF's name and size), and "Send all" sends through a real SMTP server
(aiosmtpd, STARTTLS and AUTH) with its progress shown to the end; a second "Send all" has nothing to
send. The password is typed into the page and is never kept. Laptop and tablet sizes.

The Swift test starts the mail server and writes WORK_FOLDER/smtp.json (its port, certificate and
mailbox) first, and counts what the server received afterwards.

usage: return_test.py EZGRADER_BINARY WORK_FOLDER   (screenshots go to WORK_FOLDER/screenshots)
"""
import csv, json, os, sys, unittest

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from grading_test import WORK, SAMPLES, browser, cli, start_server, wait
from served_case import ServedTestCase

PROJECT = os.path.join(WORK, 'class.ezgrader')
NO_ADDRESS = '李明'


class ReturningWorkInTheBrowser(ServedTestCase):

    @classmethod
    def setUpClass(cls):
        with open(os.path.join(WORK, 'smtp.json')) as file:
            cls.smtp = json.load(file)
        # The sample class's roster, less one student's address.
        with open(os.path.join(SAMPLES, 'roster.csv'), newline='', encoding='utf-8') as file:
            rows = list(csv.reader(file))
        with open(os.path.join(WORK, 'roster.csv'), 'w', newline='', encoding='utf-8') as file:
            csv.writer(file).writerows([row[:3] + ([''] if row[1] == NO_ADDRESS else row[3:]) for row in rows])
        cli('new', PROJECT, os.path.join(SAMPLES, 'scanned'), '--roster', os.path.join(WORK, 'roster.csv'), '--grader', 'setup')
        cli('question', 'add', PROJECT, '--page', '1', '--at', '300,176', '--max', '4', '--label', 'Q1', '--grader', 'setup')
        cli('score', PROJECT, '--student', 'Okafor, Ben', '--question', 'Q1', '3', '--grader', 'setup')
        cls.server, cls.link = start_server(PROJECT, '--smtp-cafile', cls.smtp['certificate'])
        cls.ada, cls.tab = browser(1366, 768), browser(820, 1180)   # a laptop, and a tablet upright
        cls.open_as(cls.ada, 'Ada')
        cls.open_as(cls.tab, 'Ada')

    def rows(self, driver):
        """The students listed: (name, state shown)."""
        return [(row.find_element(By.CSS_SELECTOR, '.return-name').text, row.get_attribute('data-state'))
                for row in driver.find_elements(By.CSS_SELECTOR, '#return-students li')]

    def received(self):
        return sorted(name for name in os.listdir(self.smtp['mailbox']) if name.endswith('.json'))

    def fill(self, driver, **values):
        for name, value in values.items():
            field = driver.find_element(By.ID, name)
            field.clear()
            field.send_keys(value)

    def test_1_the_list_and_a_preview(self):
        for driver in (self.ada, self.tab):
            self.assertTrue(driver.find_element(By.ID, 'tab-return').is_displayed())
            driver.find_element(By.ID, 'tab-return').click()
            wait(driver, lambda: len(self.rows(driver)) == 6, 60, 'the students were not listed')
        rows = self.rows(self.ada)
        self.assertEqual(dict(rows)[NO_ADDRESS], 'noAddress')
        self.assertEqual(sorted(state for _, state in rows), ['new'] * 5 + ['noAddress'])
        self.assertEqual(self.ada.find_element(By.ID, 'return-summary').text, '5 to send · 1 left out')
        self.assertEqual(self.ada.find_element(By.ID, 'return-send').text, 'Send all (5)')
        # The settings, typed once (kept in this browser but the password).
        self.fill(self.ada, **{'return-host': 'localhost', 'return-port': str(self.smtp['port']), 'return-user': 'teacher',
                                'return-password': 'secret', 'return-from': 'Dr. Ada Lovelace <ada@school.example.org>',
                                'return-per-minute': '600', 'return-subject-template': 'Quiz 1: {{total}} of {{maximum}}'})
        # Ben's message, chosen by keys from the top of the list.
        self.ada.find_element(By.CSS_SELECTOR, '#return-students li').click()
        ben = [name for name, _ in rows].index('Okafor, Ben')
        for _ in range(ben): self.keys(self.ada, Keys.ARROW_DOWN)
        wait(self.ada, lambda: self.ada.find_element(By.ID, 'return-to').text == 'Okafor, Ben <ben.okafor@example.edu>', 20, 'no preview of Ben')
        wait(self.ada, lambda: self.ada.find_element(By.ID, 'return-subject').text == 'Quiz 1: 3 of 4', 5, 'the subject is not as typed')
        self.assertIn('Dear Ben Okafor,', self.ada.find_element(By.ID, 'return-text').text)
        self.assertRegex(self.ada.find_element(By.ID, 'return-attachment').text, r'^Okafor, Ben\.pdf \(\d+ KB\)$')
        self.shot(self.ada, 'return-laptop-preview')
        # The student without an address says so instead of a message.
        self.keys(self.ada, Keys.END if [name for name, _ in rows][-1] == NO_ADDRESS else Keys.HOME)
        self.ada.find_elements(By.CSS_SELECTOR, '#return-students li')[[name for name, _ in rows].index(NO_ADDRESS)].click()
        wait(self.ada, lambda: 'no e-mail address in the roster' in self.ada.find_element(By.ID, 'return-preview-note').text, 5)
        # Legible at both sizes: the list, the Send button and the preview in view without scrolling the page.
        for driver in (self.ada, self.tab):
            inside = driver.execute_script("""const box = (id) => document.getElementById(id).getBoundingClientRect();
                return [box('return-send').bottom <= innerHeight, box('return-students').right <= innerWidth,
                        document.querySelector('.return-preview').getBoundingClientRect().top < innerHeight,
                        document.documentElement.scrollWidth <= innerWidth];""")
            self.assertEqual(inside, [True, True, True, True])
        self.shot(self.tab, 'return-tablet')

    def test_2_send_all_then_nothing_left(self):
        self.assertEqual(self.received(), [])
        ActionChains(self.ada).key_down(Keys.SHIFT).send_keys('s').key_up(Keys.SHIFT).perform()
        wait(self.ada, lambda: self.ada.find_element(By.ID, 'return-confirm').is_displayed(), 2)
        self.assertEqual(self.ada.find_element(By.ID, 'return-confirm-text').text, 'Send 5 messages through localhost?')
        self.keys(self.ada, Keys.ENTER)
        wait(self.ada, lambda: self.ada.find_element(By.ID, 'return-progress-text').text.startswith('Sent 5 of 5'), 60,
             'the run did not reach its end')
        self.shot(self.ada, 'return-laptop-sent')
        self.assertEqual(self.ada.find_element(By.ID, 'return-password').get_attribute('value'), '', 'the password is not kept in the page')
        self.assertNotIn('secret', self.ada.execute_script('return JSON.stringify(localStorage)'))
        self.assertEqual(int(self.ada.find_element(By.ID, 'return-progress').get_attribute('value')), 5)
        self.assertEqual(len(self.received()), 5)
        wait(self.ada, lambda: sorted(state for _, state in self.rows(self.ada)) == ['noAddress'] + ['sent'] * 5, 20)
        self.assertEqual(self.ada.find_element(By.ID, 'return-summary').text, '0 to send · 5 sent and unchanged · 1 left out')
        # The tablet's second "Send all", by a tap, finds nothing to send.
        self.tab.find_element(By.ID, 'tab-grade').click()
        self.tab.find_element(By.ID, 'tab-return').click()
        wait(self.tab, lambda: sorted(state for _, state in self.rows(self.tab)) == ['noAddress'] + ['sent'] * 5, 60)
        self.fill(self.tab, **{'return-host': 'localhost', 'return-port': str(self.smtp['port']), 'return-user': 'teacher',
                                'return-password': 'secret', 'return-from': 'ada@school.example.org'})
        self.tab.find_element(By.ID, 'return-send').click()
        wait(self.tab, lambda: self.tab.find_element(By.ID, 'return-confirm').is_displayed(), 2)
        self.assertEqual(self.tab.find_element(By.ID, 'return-confirm-text').text,
                         'Nothing is due by this list. Send anything changed since through localhost?')
        self.tab.find_element(By.ID, 'return-confirm-yes').click()
        wait(self.tab, lambda: self.tab.find_element(By.ID, 'return-progress-text').text == 'Sent 0 of 0. 5 already sent and unchanged.', 60)
        self.assertEqual(len(self.received()), 5, 'a second Send all sent nothing')
        self.shot(self.tab, 'return-tablet-sent')


if __name__ == '__main__':
    unittest.main(argv=sys.argv[:1], verbosity=2)
