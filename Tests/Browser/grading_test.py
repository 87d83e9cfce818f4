#!/usr/bin/env python3
"""Browser tests of `ezgrader serve` in real headless Chromium (Debian's chromium + chromium-driver,
driven by Selenium). Each check reads the project back through the command line or the API.

usage: grading_test.py EZGRADER_BINARY WORK_FOLDER   (screenshots go to WORK_FOLDER/screenshots)
"""
import json, os, re, subprocess, sys, time, unittest

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from served_case import SHOTS, ServedTestCase, wait

EZGRADER, WORK = sys.argv[1], sys.argv[2]
SAMPLES = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'SamplePDFs')
PROJECT = os.path.join(WORK, 'exam.ezgrader')


def cli(*args):
    done = subprocess.run([EZGRADER, *args], capture_output=True, text=True, timeout=120)
    if done.returncode != 0:
        raise AssertionError(f'ezgrader {" ".join(args)} failed: {done.stderr}')
    return done.stdout


def start_server(project, *more):
    """`ezgrader serve` on a free port (with `more` options): the process and the invite link it printed."""
    server = subprocess.Popen([EZGRADER, 'serve', project, '--port', '0', *more], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    line = ''
    deadline = time.time() + 30
    while 'token=' not in line and time.time() < deadline:
        line = server.stdout.readline()
    return server, re.search(r'http://\S+token=\w+', line).group(0)


def sample_project(project):
    """The bundled sample class as a new project at `project` (with its rubric), served: the server and its link."""
    os.makedirs(SHOTS, exist_ok=True)
    cli('new', project, os.path.join(SAMPLES, 'scanned'), '--roster', os.path.join(SAMPLES, 'roster.csv'),
        '--rubric', os.path.join(SAMPLES, 'rubric.yaml'), '--grader', 'setup')
    return start_server(project)


def api_get(link, path, grader=None):
    """A GET of the API with the link's token (as `grader`, when given), as JSON."""
    import urllib.request
    headers = {'Authorization': 'Bearer ' + link.split('token=')[1]}
    if grader: headers['Cookie'] = 'ezgrader_grader=' + grader
    request = urllib.request.Request(link.split('/?')[0] + path, headers=headers)
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())


def browser(width=1366, height=768, *more):
    """Headless Chromium at width × height, with `more` command-line arguments."""
    options = Options()
    options.binary_location = '/usr/bin/chromium'
    for argument in ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', f'--window-size={width},{height}', *more]:
        options.add_argument(argument)
    return webdriver.Chrome(service=Service('/usr/bin/chromedriver'), options=options)


class GradingInTheBrowser(ServedTestCase):
    @classmethod
    def setUpClass(cls):
        cls.server, cls.link = sample_project(PROJECT)
        cls.base = cls.link.split('/?')[0]
        cls.ann = browser()
        cls.open_as(cls.ann, 'Ann')

    def questions_csv(self):
        return cli('export', 'csv', PROJECT, '--grader', 'check').splitlines()

    def api(self, driver, path):
        return driver.execute_async_script(
            'const done = arguments[arguments.length - 1]; fetch(arguments[0]).then(r => r.json()).then(done);', path)

    def test_1_grading_three_students_by_keyboard(self):
        driver = self.ann
        driver.find_element(By.ID, 'tab-grade').click()
        q5 = next(q for q in self.api(driver, '/api/me')['questions'] if q['name'] == 'Q5')
        driver.execute_script('const s = document.getElementById("question-select"); s.value = arguments[0]; s.dispatchEvent(new Event("change"));', str(q5['id']))
        wait(driver, lambda: driver.find_element(By.ID, 'card-name').text == 'Schmidt, Anna')
        self.shot(driver, 'grade-laptop')
        for score, next_name in [('7', 'Okafor, Ben'), ('6,5', "O'Brien, Pat"), ('3', 'Lefèvre, Zoë')]:
            self.keys(driver, *score, Keys.ENTER)
            wait(driver, lambda: driver.find_element(By.ID, 'card-name').text == next_name, message=f'after {score}: {next_name}')
        row = next(line for line in self.questions_csv() if ',Q5,' in line)
        self.assertEqual(row, 'Page 3,Q5,8,7,6.5,3,?,?,?', 'a decimal comma typed (6,5) is 6.5')
        status = json.loads(cli('status', PROJECT, '--json', '--graders'))
        self.assertIn('Ann', json.dumps(status))
        driver.set_window_size(800, 1100)
        time.sleep(0.5)
        self.shot(driver, 'grade-tablet')
        driver.set_window_size(1366, 768)
        # Arrow keys move between students without scoring; h shows the keys.
        self.keys(driver, Keys.ARROW_LEFT)
        wait(driver, lambda: driver.find_element(By.ID, 'card-name').text == "O'Brien, Pat")
        self.keys(driver, 'h')
        wait(driver, lambda: driver.find_element(By.ID, 'help-dialog').get_attribute('open') is not None)
        self.shot(driver, 'keys')
        self.keys(driver, Keys.ESCAPE)

    def open_page(self, driver, student_name):
        """The page view opens on the student (and page) the grade view is at."""
        driver.find_element(By.ID, 'tab-page').click()
        wait(driver, lambda: driver.find_element(By.ID, 'page-title').text.startswith(student_name))

    def test_2_placing_and_dragging_a_grade_box(self):
        driver = self.ann
        self.open_page(driver, "O'Brien, Pat")
        self.choose_page(driver, 1)
        pat = next(s for s in self.api(driver, '/api/overview')['students'] if s['name'] == "O'Brien, Pat")['student']
        # Boxes as they sit on Pat's page (through his page's alignment to the reference page).
        boxes = lambda: self.api(driver, f'/api/pages/{pat}/1')['boxes']
        before = {b['name'] for b in boxes()}
        self.keys(driver, 'b')
        point = self.screen(driver, 100, 700)
        self.drag(driver, point, point)
        # A click without a drag gives the standard box; its maximum is typed in place.
        field = wait(driver, lambda: driver.find_element(By.ID, 'inline-input') if driver.find_element(By.ID, 'inline-form').is_displayed() else None)
        field.send_keys(Keys.CONTROL, 'a')
        field.send_keys('2', Keys.ENTER)
        wait(driver, lambda: len(boxes()) == len(before) + 1)
        added = next(b for b in boxes() if b['name'] not in before)
        self.assertEqual(added['max'], '2')
        self.assertAlmostEqual(added['x'], 100, delta=2)
        self.assertAlmostEqual(added['y'], 700, delta=2)
        # Drawn as the PDF draws it: the served standard size, framed in the served ungraded colour.
        look = self.api(driver, '/api/look')
        self.assertEqual((added['width'], added['height']), (look['boxSize']['width'], look['boxSize']['height']))
        frame = f'#page-layer [data-kind="box"][data-id="{added["question"]}"] .frame'
        stroke = wait(driver, lambda: driver.execute_script('return getComputedStyle(document.querySelector(arguments[0])).stroke', frame))
        self.assertEqual(stroke, 'rgb(%d, %d, %d)' % tuple(int(look['ungradedColor'][i:i + 2], 16) for i in (1, 3, 5)))
        drawn = driver.execute_script('return document.querySelector(arguments[0]).getBBox().width', frame)
        self.assertAlmostEqual(drawn + look['boxBorder'], look['boxSize']['width'], delta=0.01)
        # For everyone: the command line lists it (on the reference page).
        self.assertIn(added['name'], {q['name'] for q in json.loads(cli('question', 'list', PROJECT, '--json'))})
        # Drag it 60 points right and 20 up with the move tool: for everyone.
        self.keys(driver, 'v')
        start = self.screen(driver, added['x'] + 20, added['y'] + 10)
        scale = self.scale(driver)
        self.drag(driver, start, (start[0] + 60 * scale, start[1] - 20 * scale))
        moved = lambda: next(b for b in boxes() if b['question'] == added['question'])
        wait(driver, lambda: moved()['x'] > added['x'] + 30)
        self.assertAlmostEqual(moved()['x'], added['x'] + 60, delta=2)
        self.assertAlmostEqual(moved()['y'], added['y'] - 20, delta=2)
        # The selected box's corner handle resizes it: 30 points wider, 10 taller.
        box = moved()
        wait(driver, lambda: driver.find_elements(By.CSS_SELECTOR, '#page-layer .handle'))
        corner = self.screen(driver, box['x'] + box['width'], box['y'] + box['height'])
        scale = self.scale(driver)
        self.drag(driver, corner, (corner[0] + 30 * scale, corner[1] + 10 * scale))
        wait(driver, lambda: moved()['width'] > box['width'] + 15)
        self.assertAlmostEqual(moved()['width'], box['width'] + 30, delta=2)
        self.assertAlmostEqual(moved()['height'], box['height'] + 10, delta=2)
        time.sleep(0.5)
        self.shot(driver, 'page-box-moved')

    def test_3_pen_stroke_with_pressure_erased_then_undone(self):
        driver = self.ann
        self.open_page(driver, "O'Brien, Pat")
        self.choose_page(driver, 1)
        self.keys(driver, 'p')
        start = self.screen(driver, 150, 300)
        scale = self.scale(driver)
        self.drag(driver, start, (start[0] + 150 * scale, start[1] + 20 * scale), pointer='pen', forces=[0.2, 0.3, 0.5, 0.7, 0.9, 1.0])
        history = lambda: json.loads(cli('history', PROJECT, '--json'))
        wait(driver, lambda: history()[0]['description'].startswith('ink on'))
        self.assertEqual(history()[0]['grader'], 'Ann')
        pat = next(s for s in self.api(driver, '/api/overview')['students'] if s['name'] == "O'Brien, Pat")['student']
        strokes = self.api(driver, f'/api/pages/{pat}/1')['strokes']
        pressures = strokes[-1]['pressures']
        self.assertIsNotNone(pressures, 'a pen records its pressure')
        self.assertLess(min(pressures), 0.35)
        self.assertGreater(max(pressures), 0.85)
        time.sleep(0.3)
        self.shot(driver, 'page-pen')
        # The eraser hits the stroke's line.
        self.keys(driver, 'e')
        middle = self.screen(driver, 225, 310)
        self.drag(driver, middle, middle)
        wait(driver, lambda: history()[0]['description'].startswith('erase'))
        self.assertEqual(len(self.api(driver, f'/api/pages/{pat}/1')['strokes']), len(strokes) - 1)
        # Ctrl+Z takes back Ann's own erase: the stroke is back.
        ActionChains(driver).key_down(Keys.CONTROL).send_keys('z').key_up(Keys.CONTROL).perform()
        wait(driver, lambda: history()[0]['undone'])
        self.assertEqual(len(self.api(driver, f'/api/pages/{pat}/1')['strokes']), len(strokes))

    def test_4_a_second_grader_sees_a_score_appear(self):
        ben = browser()
        try:
            self.open_as(ben, 'Ben')
            ben.find_element(By.ID, 'tab-class').click()
            wait(ben, lambda: len(ben.find_elements(By.CSS_SELECTOR, '#class-table tbody tr')) == 6)
            q6 = next(q for q in self.api(ben, '/api/me')['questions'] if q['name'] == 'Q6')
            # (read again when a live update redraws the table meanwhile)
            wait(ben, lambda: {cell.text for cell in ben.find_elements(By.CSS_SELECTOR, f'td.cell[data-question="{q6["id"]}"]')} == {'?'})
            driver = self.ann
            driver.find_element(By.ID, 'tab-grade').click()
            driver.execute_script('const s = document.getElementById("question-select"); s.value = arguments[0]; s.dispatchEvent(new Event("change"));', str(q6['id']))
            wait(driver, lambda: driver.find_element(By.ID, 'card-progress').text.endswith('6 ungraded'))
            student = driver.find_element(By.ID, 'card-name').get_attribute('data-student')
            cell = lambda: ben.find_element(By.CSS_SELECTOR, f'td.cell[data-question="{q6["id"]}"][data-student="{student}"]')
            started = time.time()
            self.keys(driver, '3', Keys.ENTER)
            wait(ben, lambda: cell().text == '3', seconds=3, message="Ben's overview shows Ann's score")
            self.assertLess(time.time() - started, 1.5)
            wait(ben, lambda: cell().get_attribute('title') == 'Graded by Ann')
            self.shot(ben, 'class-overview')
        finally:
            ben.quit()

    def test_5_without_the_token_nothing_is_shown(self):
        stranger = browser()
        try:
            stranger.get(self.base + '/')
            self.assertIn("Open the link `ezgrader serve` printed", stranger.find_element(By.TAG_NAME, 'body').text)
            stranger.get(self.base + '/api/overview')
            self.assertNotIn('Schmidt', stranger.page_source)
        finally:
            stranger.quit()


    def test_6_a_host_name_that_is_not_the_servers_is_refused(self):
        import http.client
        host, port = self.base.split('//')[1].split(':')
        token = self.link.split('token=')[1]
        for name, expected in [('rebound.example:' + port, 421), (f'{host}:{port}', 200)]:
            connection = http.client.HTTPConnection(host, int(port), timeout=10)
            connection.putrequest('GET', '/api/me', skip_host=True)
            connection.putheader('Host', name)
            connection.putheader('Authorization', 'Bearer ' + token)
            connection.endheaders()
            self.assertEqual(connection.getresponse().status, expected, name)
            connection.close()


if __name__ == '__main__':
    unittest.main(argv=[sys.argv[0], '-v', *sys.argv[3:]])
