#!/usr/bin/env python3
"""Setting up a course in the browser, from scanned PDFs and without the command line: boxes
dragged out (sized by the drag), questions renamed and re-maximised, rubric items created, edited
and removed, a roster added, anonymous grading turned on by covering the name. Each check reads
the project back through the command line or the API.

usage: course_test.py EZGRADER_BINARY WORK_FOLDER   (screenshots go to WORK_FOLDER/screenshots)
"""
import json, os, sys, time, unittest, urllib.request

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from grading_test import WORK, SAMPLES, browser, cli, start_server, wait
from served_case import ServedTestCase

PROJECT = os.path.join(WORK, 'course.ezgrader')
LONG_NAME = ('Schmidt-' + 'Oberhausen' * 9)[:94] + ', Anna'   # 100 characters
REAL_NAMES = ['Schmidt', 'Okafor', "O'Brien", 'Lefèvre', '李明', 'Johnson', 'Anna', 'Marcus']


class SettingUpACourseInTheBrowser(ServedTestCase):
    @classmethod
    def setUpClass(cls):
        cli('new', PROJECT, os.path.join(SAMPLES, 'scanned'), '--grader', 'setup')
        cls.server, cls.link = start_server(PROJECT)
        cls.driver = browser()
        cls.open_as(cls.driver, 'Ann')

    def call(self, method, path, body=None):
        """An API call from the page (as Ann), answering (status, JSON)."""
        return self.driver.execute_async_script("""
            const [method, path, body, done] = arguments;
            fetch(path, { method, headers: method === 'GET' ? {} : { 'Content-Type': 'application/json' },
                          body: body == null ? undefined : JSON.stringify(body) })
              .then(async (r) => done([r.status, await r.text()]));""", method, path, body)

    def get(self, path):
        status, text = self.call('GET', path)
        self.assertEqual(status, 200, text)
        return json.loads(text)

    def csv(self):
        return cli('export', 'csv', PROJECT, '--grader', 'check').splitlines()

    def students(self):
        return self.get('/api/overview')['students']

    def course_card(self, question):
        return self.driver.find_element(By.CSS_SELECTOR, f'.course-question[data-question="{question}"]')

    def type_into(self, question, selector, text, index=0):
        """Types `text` into the course view's field `selector` of `question` and presses Enter
        (again on the redrawn field when a live update replaced it meanwhile)."""
        def attempt():
            element = self.course_card(question).find_elements(By.CSS_SELECTOR, selector)[index]
            element.click()
            element.send_keys(Keys.CONTROL, 'a')
            element.send_keys(text, Keys.ENTER)
            return True
        wait(self.driver, attempt)

    def remove(self, question, selector, index=0):
        """Clicks a remove button twice: once to ask, once to confirm."""
        def attempt():
            button = self.course_card(question).find_elements(By.CSS_SELECTOR, selector)[index]
            button.click()
            self.assertIn('?', button.text, 'the first click asks')
            button.click()
            return True
        wait(self.driver, attempt)

    def open_course(self):
        self.driver.find_element(By.ID, 'tab-course').click()
        wait(self.driver, lambda: self.driver.find_elements(By.CSS_SELECTOR, '.course-question') or
             'No questions' in self.driver.find_element(By.ID, 'course-questions').text)

    def drag_box(self, page, corner, far, max_points):
        """Drags a box out on `page` from page point `corner` to `far` and types its maximum inline."""
        driver = self.driver
        driver.find_element(By.ID, 'tab-page').click()
        self.choose_page(driver, page)
        self.keys(driver, 'b')
        start = self.screen(driver, *corner)
        scale = self.scale(driver)
        self.drag(driver, start, (start[0] + (far[0] - corner[0]) * scale, start[1] + (far[1] - corner[1]) * scale))
        field = wait(driver, lambda: driver.find_element(By.ID, 'inline-input') if driver.find_element(By.ID, 'inline-form').is_displayed() else None)
        self.assertEqual(driver.switch_to.active_element, field, 'the maximum is typed straight away')
        self.shot(driver, f'course-box-page{page}')
        field.send_keys(Keys.CONTROL, 'a')
        field.send_keys(max_points, Keys.ENTER)

    def test_1_boxes_dragged_out_questions_renamed(self):
        driver = self.driver
        first = self.students()[0]['student']
        boxes = lambda page: self.get(f'/api/pages/{first}/{page}')['boxes']
        self.drag_box(1, (470, 165), (545, 200), '4')
        wait(driver, lambda: len(boxes(1)) == 1, message='the dragged box is saved')
        box = boxes(1)[0]
        self.assertEqual(box['max'], '4')
        self.assertAlmostEqual(box['width'], 75, delta=3)
        self.assertAlmostEqual(box['height'], 35, delta=3)
        self.drag_box(1, (470, 462), (545, 500), '6')
        self.drag_box(2, (470, 120), (545, 150), '5')
        wait(driver, lambda: len(boxes(2)) == 1)
        self.assertEqual([q['name'] for q in json.loads(cli('question', 'list', PROJECT, '--json'))], ['p1q1', 'p1q2', 'p2q1'])

        # Rename, re-maximise and remove in the course view: one name everywhere.
        self.open_course()
        questions = {q['name']: q['id'] for q in self.get('/api/me')['questions']}
        self.type_into(questions['p1q1'], '.q-name', 'Q1 Derivative')
        wait(driver, lambda: any(',Q1 Derivative,' in line for line in self.csv()), message='the new name in export csv')
        self.type_into(questions['p1q2'], '.q-name', 'Q2 Stacks')
        wait(driver, lambda: any(',Q2 Stacks,' in line for line in self.csv()))
        self.type_into(questions['p1q2'], '.q-max', '8')
        wait(driver, lambda: any(line.endswith(',Q2 Stacks,8,?,?,?,?,?,?') for line in self.csv()), message='renamed and curved')
        # A name another question has is refused, and said so.
        self.type_into(questions['p2q1'], '.q-name', 'q1 derivative')
        wait(driver, lambda: 'q1 derivative' in driver.find_element(By.ID, 'toast').text.lower())
        wait(driver, lambda: self.course_card(questions['p2q1']).find_element(By.CSS_SELECTOR, '.q-name').get_attribute('value') == 'p2q1',
             message='the refused name is not kept')
        self.assertEqual(sum(',Q1 Derivative,' in line for line in self.csv()), 1)
        self.remove(questions['p2q1'], '.q-remove')
        wait(driver, lambda: len(driver.find_elements(By.CSS_SELECTOR, '.course-question')) == 2)
        self.assertEqual([q['name'] for q in json.loads(cli('question', 'list', PROJECT, '--json'))], ['Q1 Derivative', 'Q2 Stacks'])
        # The grading card is headed with the name.
        card = self.get(f'/api/questions/{questions["p1q1"]}/card?move=here')
        self.assertEqual(card['heading'], 'Q1 Derivative')

    def test_2_rubric_items_created_edited_removed(self):
        driver = self.driver
        self.open_course()
        q1 = next(q for q in self.get('/api/me')['questions'] if q['name'] == 'Q1 Derivative')['id']
        for count, (text, points) in enumerate([('Sign error', '-1'), ('Missing constant', '-2')]):
            def add():
                new = self.course_card(q1).find_element(By.CSS_SELECTOR, '.item-new')
                for selector, value in [('.item-text', text), ('.item-points', points)]:
                    field = new.find_element(By.CSS_SELECTOR, selector)
                    field.clear()
                    field.send_keys(value)
                new.find_element(By.CSS_SELECTOR, '.item-add').click()
                return True
            wait(driver, add)
            wait(driver, lambda: len(self.get(f'/api/questions/{q1}/rubric')) == count + 1)
        self.assertEqual([(item['text'], item['points']) for item in self.get(f'/api/questions/{q1}/rubric')],
                         [('Sign error', '-1'), ('Missing constant', '-2')])
        # Anna gets item 1: 4 - 1 = 3. Editing the item re-scores her.
        anna = self.students()[0]['student']
        status, text = self.call('POST', f'/api/scores/{anna}/{q1}/items', {'add': [1]})
        self.assertEqual(status, 200, text)
        wait(driver, lambda: self.course_card(q1).find_element(By.CSS_SELECTOR, '.item-used').text == '1 student')
        self.type_into(q1, '.item-line:not(.item-new) .item-points', '-1.5')
        wait(driver, lambda: next(line for line in self.csv() if ',Q1 Derivative,' in line).split(',')[3] == '2.5',
             message='the edited item re-scores the student who has it')
        self.type_into(q1, '.item-line:not(.item-new) .item-text', 'Sign error in the last step')
        wait(driver, lambda: self.get(f'/api/questions/{q1}/rubric')[0]['text'] == 'Sign error in the last step')
        # Remove the second item (two clicks).
        self.remove(q1, '.item-remove', index=1)
        wait(driver, lambda: [item['text'] for item in self.get(f'/api/questions/{q1}/rubric')] == ['Sign error in the last step'])
        self.shot(driver, 'course-laptop')

    def roster_file(self, name, rows):
        path = os.path.join(WORK, name)
        with open(path, 'w', encoding='utf-8') as out:
            out.write('file,name,id,email\n' + ''.join(f'"{f}","{n}",{i},\n' for f, n, i in rows))
        return path

    def test_3_roster_added_after_new(self):
        driver = self.driver
        self.open_course()
        files = sorted(os.listdir(os.path.join(SAMPLES, 'scanned')))
        # Two students missing: refused, both named, nothing changed.
        short = self.roster_file('short.csv', [(f, f'Pupil {i}', f'S{i}') for i, f in enumerate(files[:4])])
        driver.find_element(By.ID, 'roster-file').send_keys(short)
        driver.find_element(By.ID, 'roster-upload').click()
        result = lambda: driver.find_element(By.ID, 'roster-result').text
        wait(driver, lambda: 'nothing was changed' in result())
        for missing in files[4:]:
            self.assertIn(os.path.splitext(missing)[0], result())
        self.assertNotIn('Pupil 0', self.csv()[0])
        rows = [(f, LONG_NAME if f.startswith('Anna') else f'Pupil {i}', f'S{i}') for i, f in enumerate(files)]
        driver.find_element(By.ID, 'roster-file').send_keys(self.roster_file('roster.csv', rows))
        driver.find_element(By.ID, 'roster-upload').click()
        wait(driver, lambda: result().startswith('6 students named'))
        header = self.csv()[0]
        self.assertIn(LONG_NAME, header)
        self.assertIn('Pupil 1', header)
        self.assertEqual(len(LONG_NAME), 100)
        # The class view keeps every score cell in view next to a 100-character name.
        for width, height, label in [(1366, 768, 'laptop'), (810, 1080, 'tablet')]:
            driver.set_window_size(width, height)
            driver.find_element(By.ID, 'tab-class').click()
            wait(driver, lambda: len(driver.find_elements(By.CSS_SELECTOR, '#class-table td.cell')) == 12)
            time.sleep(0.3)
            hidden = driver.execute_script("""
                const view = document.querySelector('.table-scroller').getBoundingClientRect();
                return [...document.querySelectorAll('#class-table td.cell')].filter((td) => {
                  const r = td.getBoundingClientRect();
                  return r.right > view.right + 1 || r.left < view.left - 1;
                }).length;""")
            self.assertEqual(hidden, 0, f'score cells out of view at {label} size')
            progress = [p.text for p in driver.find_elements(By.CSS_SELECTOR, '#class-table .question-progress')]
            self.assertEqual(progress[0], '1/6 graded')
            self.shot(driver, f'class-long-names-{label}')
            driver.find_element(By.ID, 'tab-course').click()
            time.sleep(0.3)
            self.shot(driver, f'course-{label}')
        driver.set_window_size(1366, 768)

    def test_4_anonymity_on_by_covering_the_name(self):
        driver = self.driver
        driver.find_element(By.ID, 'tab-page').click()
        self.choose_page(driver, 1)
        image = lambda: driver.find_element(By.ID, 'page-image').get_attribute('src')
        before = image()
        old_bytes = self.image_bytes(before)
        self.keys(driver, 'm')
        self.drag_region((40, 100), (360, 145), count=0)
        # The student number, marked on the fourth student's page (their scan sits a few points off):
        # kept where it is printed on the reference page, so it is covered on every copy.
        self.keys(driver, Keys.ARROW_RIGHT, Keys.ARROW_RIGHT, Keys.ARROW_RIGHT)
        fourth = self.students()[3]['student']
        wait(driver, lambda: f'/api/pages/{fourth}/1/' in image())
        box = self.get(f'/api/pages/{fourth}/1')['boxes'][0]
        self.assertGreater(abs(box['x'] - 470) + abs(box['y'] - 165), 5, 'the fourth scan is shifted')
        self.drag_region((box['x'] - 100, box['y'] - 65), (box['x'] + 75, box['y'] - 25), count=1)
        region = self.get('/api/me')['nameRegions'][1]
        # (the scan is also turned a little: the rectangle around the turned one is a bit larger)
        self.assertAlmostEqual(region['x'], 370, delta=4)
        self.assertAlmostEqual(region['y'], 100, delta=4)
        self.keys(driver, Keys.ARROW_LEFT, Keys.ARROW_LEFT, Keys.ARROW_LEFT)
        wait(driver, lambda: f'/api/pages/{self.students()[0]["student"]}/1/' in image())
        me = self.get('/api/me')
        self.assertTrue(me['anonymous'])
        wait(driver, lambda: image() != before, message='a new image URL once the name is covered')
        self.assertNotEqual(self.image_bytes(image()), old_bytes)
        wait(driver, lambda: 'Oberhausen' not in driver.find_element(By.ID, 'page-title').text, message='the page shows the pseudonym')
        time.sleep(0.5)
        self.shot(driver, 'page-name-covered')
        # No real name in any answer now.
        first = self.students()[0]['student']
        q1 = me['questions'][0]['id']
        for path in ['/api/me', '/api/overview', f'/api/pages/{first}/1', f'/api/questions/{q1}/card?move=here']:
            text = json.dumps(self.get(path), ensure_ascii=False)
            for name in REAL_NAMES + ['Oberhausen', 'Pupil']:
                self.assertNotIn(name, text, f'{path} shows {name}')
        # Off again: the URL changes back, so the named image is not kept for the anonymous one.
        driver.find_element(By.ID, 'tab-course').click()
        wait(driver, lambda: driver.find_element(By.ID, 'anon-on').is_selected())
        driver.find_element(By.ID, 'anon-on').click()
        wait(driver, lambda: not self.get('/api/me')['anonymous'])
        driver.find_element(By.ID, 'tab-page').click()
        wait(driver, lambda: image().split('v=')[1] == before.split('v=')[1])

    def test_5_a_note_typed_in_place_and_an_undo_offered_with_bens_work(self):
        driver = self.driver
        driver.find_element(By.ID, 'tab-page').click()
        self.choose_page(driver, 2)
        first = self.students()[0]['student']
        self.keys(driver, 'n')
        point = self.screen(driver, 100, 300)
        self.drag(driver, point, point)
        field = wait(driver, lambda: driver.find_element(By.ID, 'inline-input') if driver.find_element(By.ID, 'inline-form').is_displayed() else None)
        field.send_keys('Good start', Keys.ENTER)
        wait(driver, lambda: [n['text'] for n in self.get(f'/api/pages/{first}/2')['notes']] == ['Good start'])
        # Ann renames Q2; Ben renames it after her. Ann's undo is refused in place, then taken on purpose.
        q2 = next(q for q in self.get('/api/me')['questions'] if q['name'] == 'Q2 Stacks')['id']
        status, text = self.call('PATCH', f'/api/questions/{q2}', {'label': 'Q2 Queues'})
        self.assertEqual(status, 200, text)
        request = urllib.request.Request(self.link.split('/?')[0] + f'/api/questions/{q2}', method='PATCH', data=json.dumps({'label': 'Q2 Lists'}).encode(),
                                         headers={'Authorization': 'Bearer ' + self.link.split('token=')[1], 'Cookie': 'ezgrader_grader=Ben',
                                                  'Content-Type': 'application/json'})
        urllib.request.urlopen(request, timeout=10).close()
        driver.find_element(By.ID, 'undo').click()
        offer = wait(driver, lambda: driver.find_element(By.ID, 'undo-anyway'))
        self.assertEqual(offer.text, "Undo anyway, with Ben's work")
        self.shot(driver, 'undo-offered')
        self.assertTrue(any(',Q2 Lists,' in line for line in self.csv()), 'nothing undone before the confirm')
        offer.click()
        wait(driver, lambda: any(',Q2 Stacks,' in line for line in self.csv()), message="the undo takes Ben's rename with it")

    def drag_region(self, corner, far, count):
        """Drags a name region with the Name tool from page point `corner` to `far` (the `count`+1-th)."""
        start = self.screen(self.driver, *corner)
        scale = self.scale(self.driver)
        self.drag(self.driver, start, (start[0] + (far[0] - corner[0]) * scale, start[1] + (far[1] - corner[1]) * scale))
        wait(self.driver, lambda: len(self.get('/api/me')['nameRegions']) == count + 1)

    def image_bytes(self, url):
        request = urllib.request.Request(url, headers={'Authorization': 'Bearer ' + self.link.split('token=')[1]})
        with urllib.request.urlopen(request, timeout=20) as response:
            return response.read()


if __name__ == '__main__':
    unittest.main(argv=[sys.argv[0], '-v', *sys.argv[3:]])
