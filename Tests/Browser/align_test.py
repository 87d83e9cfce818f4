#!/usr/bin/env python3
"""A page that did not align, lined up by hand in the Page view of `ezgrader serve`, in real headless
Chromium: the reference print laid over it, turned with the keys and dragged with the mouse at a laptop
size, saved as one step (undone and redone by keys), its boxes then on the printed frames; the same
tool at two tablet sizes, kept on screen; then lined up by three matching points clicked on the blue print and
on the page. Boxes are read back through the API and `ezgrader history`.

usage: align_test.py EZGRADER_BINARY WORK_FOLDER   (the folder holds master.pdf, Ann.pdf, Eve.pdf and
truth.json, written by BrowserTests; screenshots go to WORK_FOLDER/screenshots)
"""
import json, math, os, sys, time, unittest

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from grading_test import WORK, browser, cli, start_server, wait
from served_case import ServedTestCase

PROJECT = os.path.join(WORK, 'align.ezgrader')
TRUTH = json.load(open(os.path.join(WORK, 'truth.json')))


class LiningUpAFlaggedPage(ServedTestCase):
    @classmethod
    def setUpClass(cls):
        created = cli('new', PROJECT, '--master', os.path.join(WORK, 'master.pdf'), os.path.join(WORK, 'Ann.pdf'),
                      os.path.join(WORK, 'Eve.pdf'), '--grader', 'setup')
        assert 'Eve — page 1: does not match the reference page' in created, created
        for x, y in TRUTH['printed']:
            cli('question', 'add', PROJECT, '--page', '1', '--at', f'{x},{y}', '--max', '4', '--grader', 'setup')
        cls.server, cls.link = start_server(PROJECT)

    def open_eve(self, width, height):
        """A browser at width × height on Eve's page 1 in the Page view."""
        driver = browser(width, height)
        self.addCleanup(driver.quit)
        driver.get(self.link)
        name = wait(driver, lambda: driver.find_element(By.ID, 'name-input'), 10)
        name.send_keys('Ann\n')
        wait(driver, lambda: driver.find_element(By.ID, 'who').text == 'Ann')
        driver.find_element(By.ID, 'tab-page').click()
        for _ in range(4):
            if driver.find_element(By.ID, 'page-title').text.startswith('Eve'): break
            driver.find_element(By.ID, 'next-student').click()
            time.sleep(0.3)
        wait(driver, lambda: driver.find_element(By.ID, 'page-title').text == 'Eve · page 1')
        return driver

    def api(self, driver, path):
        return driver.execute_async_script(
            'const done = arguments[arguments.length - 1]; fetch(arguments[0]).then(r => r.json()).then(done);', path)

    def boxes_off(self, driver):
        """How far each of Eve's boxes sits from its printed frame, in points (as the server places them)."""
        eve = self.api(driver, '/api/overview')['students'][1]['student']
        boxes = sorted(self.api(driver, f'/api/pages/{eve}/1')['boxes'], key=lambda b: b['y'])
        return [math.hypot(b['x'] - x, b['y'] - y) for b, (x, y) in zip(boxes, TRUTH['onPage'])]

    def window_point(self, driver, x, y):
        """Window point of page point (x, y), scrolled into view."""
        return driver.execute_script("""
            const [x, y] = arguments, layer = document.getElementById('page-layer'), box = layer.viewBox.baseVal;
            let r = layer.getBoundingClientRect();
            document.getElementById('scroller').scrollBy(0, r.top + y / box.height * r.height - innerHeight / 2);
            r = layer.getBoundingClientRect();
            return [r.left + x / box.width * r.width, r.top + y / box.height * r.height, r.width / box.width];""", x, y)

    def mouse(self, driver, kind, point):
        driver.execute_cdp_cmd('Input.dispatchMouseEvent', {
            'type': kind, 'x': point[0], 'y': point[1], 'button': 'left', 'buttons': 0 if kind == 'mouseReleased' else 1,
            'clickCount': 0 if kind == 'mouseMoved' else 1, 'pointerType': 'mouse'})

    def keys(self, driver, *keys):
        ActionChains(driver).send_keys(*keys).perform()

    def bar(self, driver):
        return driver.find_element(By.ID, 'align-bar')

    def test_1_a_laptop_lines_the_page_up_by_keys_and_a_drag(self):
        driver = self.open_eve(1366, 768)
        wait(driver, lambda: self.bar(driver).is_displayed(), message='the flagged page says so')
        self.assertIn('did not match the reference page', self.bar(driver).text)
        self.assertTrue(all(off > 20 for off in self.boxes_off(driver)), 'the boxes start off the print')
        self.shot(driver, 'align-flagged-laptop')

        self.keys(driver, 'a')
        wait(driver, lambda: driver.find_elements(By.CSS_SELECTOR, '#align-overlay image'), message='the reference print is laid over the page')
        wait(driver, lambda: driver.execute_script(
            'const i = document.querySelector("#align-overlay image"); return fetch(i.getAttribute("href")).then(r => r.ok && r.headers.get("content-type"))') == 'image/jpeg',
            message='the reference image is served')
        # Turned by the keys: Shift+] is 1° clockwise, ] a tenth.
        whole, tenths = int(TRUTH['degrees']), round((TRUTH['degrees'] % 1) * 10)
        for _ in range(whole): ActionChains(driver).key_down(Keys.SHIFT).send_keys(']').key_up(Keys.SHIFT).perform()
        for _ in range(tenths): self.keys(driver, ']')
        amount = lambda: driver.find_element(By.ID, 'align-amount').text
        try: wait(driver, lambda: f'turned +{TRUTH["degrees"]:.2f}°' in amount())
        except Exception: self.fail(f'turned by the keys: {amount()!r}')
        # Dragged by the mouse from the page's middle, the print's shift; then a nudge right and back by the arrows.
        x, y, scale = self.window_point(driver, 306, 396)
        start, end = (x, y), (x + TRUTH['dx'] * scale, y + TRUTH['dy'] * scale)
        self.mouse(driver, 'mousePressed', start)
        for i in range(1, 9):
            self.mouse(driver, 'mouseMoved', (start[0] + (end[0] - start[0]) * i / 8, start[1] + (end[1] - start[1]) * i / 8))
        self.mouse(driver, 'mouseReleased', end)
        self.keys(driver, Keys.ARROW_RIGHT)
        self.keys(driver, Keys.ARROW_LEFT)
        time.sleep(0.5)
        self.shot(driver, 'align-lined-up-laptop')
        self.assertTrue(driver.find_element(By.ID, 'align-save').is_displayed())
        self.keys(driver, Keys.ENTER)
        wait(driver, lambda: not self.bar(driver).is_displayed(), message='a page lined up is no longer flagged')
        offs = self.boxes_off(driver)
        self.assertTrue(all(off <= 4 for off in offs), f'the boxes within 4 pt of the printed frames: {offs}')
        history = json.loads(cli('history', PROJECT, '--json'))[0]
        self.assertTrue(history['description'].startswith('align Eve page 1 by hand ('), history)
        self.assertEqual(history['grader'], 'Ann')
        time.sleep(0.3)
        self.shot(driver, 'align-saved-laptop')

        # One step: Ctrl+Z takes it back (flagged again), Ctrl+Shift+Z brings it back.
        ActionChains(driver).key_down(Keys.CONTROL).send_keys('z').key_up(Keys.CONTROL).perform()
        wait(driver, lambda: self.bar(driver).is_displayed(), message='undone: flagged again')
        self.assertTrue(all(off > 20 for off in self.boxes_off(driver)))
        ActionChains(driver).key_down(Keys.CONTROL).key_down(Keys.SHIFT).send_keys('z').key_up(Keys.SHIFT).key_up(Keys.CONTROL).perform()
        wait(driver, lambda: not self.bar(driver).is_displayed(), message='redone')
        self.assertTrue(all(off <= 4 for off in self.boxes_off(driver)))

    def test_2_tablets_keep_the_tool_on_screen_and_escape_leaves_it(self):
        cli('undo', PROJECT, '--grader', 'Ann')   # Eve's page flagged again
        for width, height in [(1024, 1366), (820, 1180)]:
            driver = self.open_eve(width, height)
            wait(driver, lambda: self.bar(driver).is_displayed())
            driver.find_element(By.ID, 'align-open').click()
            wait(driver, lambda: driver.find_element(By.ID, 'align-save').is_displayed())
            for id in ['align-save', 'align-cancel', 'align-amount']:
                rect = driver.find_element(By.ID, id).rect
                self.assertTrue(0 <= rect['x'] and rect['x'] + rect['width'] <= width and rect['y'] >= 0, f'{id} on screen at {width}: {rect}')
            wide = driver.execute_script('return document.documentElement.scrollWidth')
            self.assertLessEqual(wide, width, f'nothing wider than the window at {width}')
            time.sleep(0.5)
            self.shot(driver, f'align-tablet-{width}')
            self.keys(driver, Keys.ESCAPE)
            wait(driver, lambda: not driver.find_elements(By.CSS_SELECTOR, '#align-overlay'), message='Esc leaves without saving')
            self.assertIn('did not match', self.bar(driver).text)

    def test_3_three_matching_points_line_the_page_up(self):
        """Each point clicked on the blue print (where it lies now), then where that print is on Eve's page."""
        driver = self.open_eve(1366, 768)
        wait(driver, lambda: self.bar(driver).is_displayed(), message='still flagged (test 2 left it undone)')
        self.keys(driver, 'a')
        wait(driver, lambda: driver.find_elements(By.CSS_SELECTOR, '#align-overlay image'))
        driver.find_element(By.ID, 'align-points').click()
        hint = lambda: driver.find_element(By.ID, 'align-hint').text
        wait(driver, lambda: hint().startswith('Point 1 of 3: click a sharp point of the blue print'))
        for index, (on_reference, on_page) in enumerate(TRUTH['pairs']):
            for point in (on_reference, on_page):
                x, y, _ = self.window_point(driver, *point)
                self.mouse(driver, 'mousePressed', (x, y))
                self.mouse(driver, 'mouseReleased', (x, y))
                if index == 1 and point is on_reference:
                    self.assertIn('Point 2 of 3: click the same point of the page', hint())
                    self.assertEqual(len(driver.find_elements(By.CSS_SELECTOR, '#align-points-marks circle')), 3, 'two points and one marked')
                    self.shot(driver, 'align-three-points-laptop')
        wait(driver, lambda: not driver.find_element(By.ID, 'align-hint').is_displayed(), message='the third pair solves the move')
        amount = driver.find_element(By.ID, 'align-amount').text
        self.assertIn(f'turned +{TRUTH["degrees"]:.2f}°', amount)
        time.sleep(0.3)
        self.shot(driver, 'align-three-points-solved-laptop')
        self.keys(driver, Keys.ENTER)
        wait(driver, lambda: not self.bar(driver).is_displayed(), message='lined up by three points')
        offs = self.boxes_off(driver)
        self.assertTrue(all(off <= 4 for off in offs), f'the boxes within 4 pt of the printed frames: {offs}')
        self.assertTrue(json.loads(cli('history', PROJECT, '--json'))[0]['description'].startswith('align Eve page 1 by hand ('))
        # One step: undone, the page is flagged again; redone, lined up (as BrowserTests reads it back).
        ActionChains(driver).key_down(Keys.CONTROL).send_keys('z').key_up(Keys.CONTROL).perform()
        wait(driver, lambda: self.bar(driver).is_displayed(), message='undone: flagged again')
        ActionChains(driver).key_down(Keys.CONTROL).key_down(Keys.SHIFT).send_keys('z').key_up(Keys.SHIFT).key_up(Keys.CONTROL).perform()
        wait(driver, lambda: not self.bar(driver).is_displayed(), message='redone')


if __name__ == '__main__':
    unittest.main(argv=[sys.argv[0], '-v', *sys.argv[3:]])
