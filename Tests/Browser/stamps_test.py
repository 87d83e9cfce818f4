#!/usr/bin/env python3
"""Rubric stamps in the Grade view of `ezgrader serve`, in real headless Chromium at a tablet size: an item
picked and stamped on the answer with a pen (CDP pointer events), dragged, selected and removed by touch
of the pen, a second one placed with the mouse; each score read back with `ezgrader export csv`.

usage: stamps_test.py EZGRADER_BINARY WORK_FOLDER   (screenshots go to WORK_FOLDER/screenshots)
"""
import json, os, sys, time, unittest

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from grading_test import WORK, browser, cli, sample_project, wait
from served_case import ServedTestCase

PROJECT = os.path.join(WORK, 'stamps.ezgrader')


class StampingInTheBrowser(ServedTestCase):
    @classmethod
    def setUpClass(cls):
        cls.server, cls.link = sample_project(PROJECT)
        cls.driver = browser(800, 1100)
        cls.driver.get(cls.link)
        name = wait(cls.driver, lambda: cls.driver.find_element(By.ID, 'name-input'), 10)
        name.send_keys('Ann\n')
        wait(cls.driver, lambda: cls.driver.find_element(By.ID, 'who').text == 'Ann')

    def api(self, path):
        return self.driver.execute_async_script(
            'const done = arguments[arguments.length - 1]; fetch(arguments[0]).then(r => r.json()).then(done);', path)

    def anna_q1(self):
        """Anna's score on Q1 as the command line exports it (the roster's first student)."""
        row = next(line for line in cli('export', 'csv', PROJECT, '--grader', 'check').splitlines() if ',Q1,' in line)
        return row.split(',')[3]

    def pointer(self, kind, point, pointer):
        self.driver.execute_cdp_cmd('Input.dispatchMouseEvent', {
            'type': kind, 'x': point[0], 'y': point[1], 'button': 'left', 'buttons': 0 if kind == 'mouseReleased' else 1,
            'clickCount': 0 if kind == 'mouseMoved' else 1, 'pointerType': pointer, 'force': 0 if kind == 'mouseReleased' else 0.6})

    def tap(self, point, pointer='pen', to=None):
        """A tap (or, with `to`, a drag in four steps) by `pointer` at window point `point`."""
        self.pointer('mousePressed', point, pointer)
        end = to or point
        for i in range(1, 5 if to else 1):
            self.pointer('mouseMoved', (point[0] + (end[0] - point[0]) * i / 4, point[1] + (end[1] - point[1]) * i / 4), pointer)
        self.pointer('mouseReleased', end, pointer)

    def touch(self, point):
        """A finger's tap at window point `point`."""
        self.driver.execute_cdp_cmd('Input.dispatchTouchEvent', {'type': 'touchStart', 'touchPoints': [{'x': point[0], 'y': point[1]}]})
        self.driver.execute_cdp_cmd('Input.dispatchTouchEvent', {'type': 'touchEnd', 'touchPoints': []})

    def centre(self, selector):
        return self.driver.execute_script(
            'const e = document.querySelector(arguments[0]); e.scrollIntoView({ block: "nearest" });'
            'const r = e.getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2];', selector)

    def on_answer(self, x, y):
        """Window point of page point (x, y) on the Grade view's answer crop."""
        return self.driver.execute_script("""
            const [x, y] = arguments, layer = document.getElementById('crop-layer');
            const [vx, vy, vw, vh] = layer.getAttribute('viewBox').split(' ').map(Number), r = layer.getBoundingClientRect();
            return [r.left + (x - vx) / vw * r.width, r.top + (y - vy) / vh * r.height];""", x, y)

    def stamps(self, student):
        return self.api(f'/api/pages/{student}/1')['stamps']

    def open_q1(self):
        """The Grade view on Anna's answer to Q1: her key, the answer's band on the page and Q1's items."""
        driver = self.driver
        driver.find_element(By.ID, 'tab-grade').click()
        q1 = next(q for q in self.api('/api/me')['questions'] if q['name'] == 'Q1')
        driver.execute_script('const s = document.getElementById("question-select"); s.value = arguments[0]; s.dispatchEvent(new Event("change"));', str(q1['id']))
        wait(driver, lambda: driver.find_element(By.ID, 'card-name').text == 'Schmidt, Anna')
        card = self.api(f'/api/questions/{q1["id"]}/card?move=here')
        return card['student'], card['region'], card['items']

    def test_1_stamping_by_finger_and_taking_the_item_off_in_the_list(self):
        driver = self.driver
        anna, region, items = self.open_q1()
        self.assertEqual(self.anna_q1(), '?')
        self.touch(self.centre(f'#items button[data-item="{items[1]["id"]}"]'))
        wait(driver, lambda: driver.find_element(By.CSS_SELECTOR, f'#items button[data-item="{items[1]["id"]}"]').get_attribute('aria-pressed') == 'true')
        self.touch(self.on_answer(region['x'] + 200, region['y'] + region['height'] * 0.4))
        wait(driver, lambda: len(self.stamps(anna)) == 1, message='the finger placed the stamp')
        self.assertEqual(self.stamps(anna)[0]['text'], '−1 f(2) not evaluated')
        self.assertEqual(self.anna_q1(), '3')
        # Taking the item off in the rubric list takes its stamp off the answer.
        wait(driver, lambda: driver.find_element(By.CSS_SELECTOR, '#items li[data-number="2"]').get_attribute('class') == 'applied')
        self.touch(self.centre('#items li[data-number="2"]'))
        wait(driver, lambda: self.stamps(anna) == [], message='the stamp goes with its item')
        self.assertEqual(self.anna_q1(), '4', 'the answer stays graded: no deduction left is full marks, not ?')
        cli('score', PROJECT, '--student', 'Schmidt, Anna', '--question', 'Q1', '?', '--grader', 'Ann')   # the next test starts ungraded

    def test_2_stamping_moving_and_removing_by_pen_then_by_mouse(self):
        driver = self.driver
        anna, region, items = self.open_q1()
        self.assertEqual(self.anna_q1(), '?')

        # Pick item 1 with the pen, then tap the answer where it applies.
        self.tap(self.centre(f'#items button[data-item="{items[0]["id"]}"]'))
        wait(driver, lambda: driver.find_element(By.CSS_SELECTOR, f'#items button[data-item="{items[0]["id"]}"]').get_attribute('aria-pressed') == 'true')
        at = (region['x'] + 40, region['y'] + region['height'] * 0.55)
        self.tap(self.on_answer(*at))
        wait(driver, lambda: len(self.stamps(anna)) == 1, message='the stamp is placed')
        stamp = self.stamps(anna)[0]
        self.assertAlmostEqual(stamp['x'], at[0], delta=1)
        self.assertAlmostEqual(stamp['y'], at[1], delta=1)
        self.assertEqual(stamp['text'], '−1 Sign error in the derivative')
        self.assertEqual(self.anna_q1(), '3', 'the score follows the stamp')
        wait(driver, lambda: driver.find_elements(By.CSS_SELECTOR, f'#crop-layer [data-kind="stamp"][data-id="{stamp["id"]}"]'))
        history = json.loads(cli('history', PROJECT, '--json'))[0]
        self.assertEqual((history['description'], history['grader']), ('stamp item 1 of Q1 on Schmidt, Anna page 1', 'Ann'))
        time.sleep(0.3)
        self.shot(driver, 'stamp-placed-tablet')

        # Drag it 30 points right with the pen: it moves, the score stays.
        start = self.on_answer(stamp['x'] + 20, stamp['y'] + 6)
        end = self.on_answer(stamp['x'] + 50, stamp['y'] + 6)
        self.tap(start, to=end)
        wait(driver, lambda: self.stamps(anna)[0]['x'] > stamp['x'] + 15, message='the stamp moves')
        self.assertAlmostEqual(self.stamps(anna)[0]['x'], stamp['x'] + 30, delta=1.5)
        self.assertEqual(self.anna_q1(), '3')

        # Tap it to select it, then Remove stamp: the item comes off.
        moved = self.stamps(anna)[0]
        wait(driver, lambda: driver.find_elements(By.CSS_SELECTOR, f'#crop-layer [data-kind="stamp"][data-id="{moved["id"]}"]'))
        self.tap(self.on_answer(moved['x'] + 20, moved['y'] + 6))
        wait(driver, lambda: driver.find_element(By.CSS_SELECTOR, '#items .remove-stamp').is_displayed())
        self.shot(driver, 'stamp-selected-tablet')
        self.tap(self.centre('#items .remove-stamp'))
        wait(driver, lambda: self.stamps(anna) == [], message='the stamp is removed')
        self.assertEqual(self.anna_q1(), '4', 'its item comes off; the answer stays graded')

        # Undo brings it back, with its item.
        cli('undo', PROJECT, '--grader', 'Ann')
        self.assertEqual(len(self.stamps(anna)), 1)
        self.assertEqual(self.anna_q1(), '3')

        # Once the pen is seen, a resting palm places no stamp.
        wait(driver, lambda: driver.find_elements(By.CSS_SELECTOR, '#crop-layer [data-kind="stamp"]'))
        self.tap(self.centre(f'#items button[data-item="{items[1]["id"]}"]'))
        wait(driver, lambda: driver.find_element(By.CSS_SELECTOR, f'#items button[data-item="{items[1]["id"]}"]').get_attribute('aria-pressed') == 'true')
        self.touch(self.on_answer(region['x'] + 200, region['y'] + region['height'] * 0.4))
        time.sleep(0.5)
        self.assertEqual(len(self.stamps(anna)), 1, 'a touch after the pen is a palm')
        self.tap(self.centre(f'#items button[data-item="{items[1]["id"]}"]'))   # unpicked again

        # A second item, with the mouse: both count, each once.
        wait(driver, lambda: driver.find_elements(By.CSS_SELECTOR, '#crop-layer [data-kind="stamp"]'))
        self.tap(self.centre(f'#items button[data-item="{items[2]["id"]}"]'), pointer='mouse')
        wait(driver, lambda: driver.find_element(By.CSS_SELECTOR, f'#items button[data-item="{items[2]["id"]}"]').get_attribute('aria-pressed') == 'true')
        self.tap(self.on_answer(region['x'] + 40, region['y'] + region['height'] * 0.2), pointer='mouse')
        wait(driver, lambda: len(self.stamps(anna)) == 2, message='the second stamp is placed')
        self.assertEqual(self.anna_q1(), '1', '4 − 1 − 2')
        time.sleep(0.3)
        self.shot(driver, 'stamps-two-tablet')

    def test_3_a_stamp_moves_and_is_removed_in_the_page_view_like_a_note(self):
        driver = self.driver
        anna = next(s for s in self.api('/api/overview')['students'] if s['name'] == 'Schmidt, Anna')['student']
        first = self.stamps(anna)[0]
        driver.find_element(By.ID, 'tab-page').click()
        for _ in range(6):   # the Page view opens on the Grade view's student: back to Anna, the first
            if driver.find_element(By.ID, 'page-title').text.startswith('Schmidt, Anna'): break
            driver.find_element(By.ID, 'prev-student').click()
            time.sleep(0.3)
        wait(driver, lambda: driver.find_element(By.ID, 'page-title').text.startswith('Schmidt, Anna'))
        wait(driver, lambda: driver.find_elements(By.CSS_SELECTOR, f'#page-layer [data-kind="stamp"][data-id="{first["id"]}"]'))
        on_page = lambda x, y: driver.execute_script("""
            const [x, y] = arguments, layer = document.getElementById('page-layer'), box = layer.viewBox.baseVal;
            layer.scrollIntoView({ block: 'nearest' });
            document.querySelector('#page-layer [data-kind="stamp"]').scrollIntoView({ block: 'center' });
            const r = layer.getBoundingClientRect();
            return [r.left + x / box.width * r.width, r.top + y / box.height * r.height];""", x, y)
        start = on_page(first['x'] + 20, first['y'] + 6)
        end = on_page(first['x'] + 20, first['y'] + 46)
        self.tap(start, pointer='mouse', to=end)
        wait(driver, lambda: self.stamps(anna)[0]['y'] > first['y'] + 20, message='dragged in the page view')
        self.assertAlmostEqual(self.stamps(anna)[0]['y'], first['y'] + 40, delta=1.5)
        self.assertEqual(self.anna_q1(), '1', 'a move keeps the score')
        # Selected by the drag, Delete removes it as it removes a note; its item comes off.
        ActionChains(driver).send_keys(Keys.DELETE).perform()
        wait(driver, lambda: len(self.stamps(anna)) == 1, message='Delete removes the stamp')
        self.assertEqual(self.anna_q1(), '2', '4 − 2: only the other stamp counts')


if __name__ == '__main__':
    unittest.main(argv=[sys.argv[0], '-v', *sys.argv[3:]])
