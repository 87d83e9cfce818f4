#!/usr/bin/env python3
"""Ink as the pen wrote it, in real headless Chromium with CDP pen and touch events: a pressure ramp
as wide on the screen as in the exported PDF (both measured in pixels), palm rejection, the
highlighter, the lasso, and the pen-to-paint latency (printed, never asserted).

usage: ink_test.py EZGRADER_BINARY WORK_FOLDER [TEST…]   (screenshots go to WORK_FOLDER/screenshots)
The latency alone: ink_test.py .build/debug/ezgrader /tmp/ink InkInTheBrowser.test_5_pen_to_paint_latency
"""
import base64, glob, json, os, statistics, struct, subprocess, sys, time, unittest, zlib

from grading_test import WORK, browser, cli, sample_project, wait
from served_case import ServedTestCase
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

PROJECT = os.path.join(WORK, 'ink.ezgrader')
# A blank band of the sample's first page (between question 1's lines and question 2), in page points.
RAMP_Y, RAMP_FROM, RAMP_TO, RAMP_SAMPLES = 440, 150, 450, 40


def png_pixels(data):
    """(width, height, rows of (r, g, b)) of an 8-bit RGB or RGBA PNG: Chromium's screenshots, pdftocairo's pages."""
    assert data[:8] == b'\x89PNG\r\n\x1a\n'
    at, chunks, header = 8, [], None
    while at < len(data):
        length, kind = struct.unpack('>I4s', data[at:at + 8])
        body = data[at + 8:at + 8 + length]
        if kind == b'IHDR': header = struct.unpack('>IIBBBBB', body)
        elif kind == b'IDAT': chunks.append(body)
        at += 12 + length
    width, height, depth, colour, _, _, interlace = header
    assert depth == 8 and colour in (2, 6) and not interlace, header
    step = 3 if colour == 2 else 4
    raw, stride, rows, previous = zlib.decompress(b''.join(chunks)), width * step, [], bytearray(width * step)
    for y in range(height):
        kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            left = line[i - step] if i >= step else 0
            up, corner = previous[i], previous[i - step] if i >= step else 0
            if kind == 1: line[i] = (line[i] + left) & 255
            elif kind == 2: line[i] = (line[i] + up) & 255
            elif kind == 3: line[i] = (line[i] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                line[i] = (line[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 255
        rows.append([tuple(line[x * step:x * step + 3]) for x in range(width)])
        previous = line
    return width, height, rows


def ink_thickness(rows, x, ink):
    """How many pixels of the pen's ink (colour `ink`, "#rrggbb", a red) column `x` holds: each
    pixel's share of ink over a grey or white ground (its red minus its green, against the ink's),
    so anti-aliased edges count in part."""
    full = int(ink[1:3], 16) - int(ink[3:5], 16)
    return sum(max(row[x][0] - row[x][1], 0) for row in rows) / full


class InkInTheBrowser(ServedTestCase):
    @classmethod
    def setUpClass(cls):
        cls.server, cls.link = sample_project(PROJECT)
        cls.driver = browser(1280, 900)
        driver = cls.driver
        driver.get(cls.link)
        box = wait(driver, lambda: driver.find_element(By.ID, 'name-input') if driver.find_element(By.ID, 'name-dialog').get_attribute('open') is not None else None, 10)
        box.send_keys('Ann', Keys.ENTER)
        wait(driver, lambda: driver.find_element(By.ID, 'who').text == 'Ann')
        driver.execute_cdp_cmd('Emulation.setTouchEmulationEnabled', {'enabled': True, 'maxTouchPoints': 5})
        driver.find_element(By.ID, 'tab-page').click()
        wait(driver, lambda: driver.find_element(By.ID, 'page-title').text.endswith('page 1'))
        cls.student = cls.api(driver, '/api/overview')['students'][0]['student']

    @staticmethod
    def api(driver, path):
        return driver.execute_async_script(
            'const done = arguments[arguments.length - 1]; fetch(arguments[0]).then(r => r.json()).then(done);', path)

    def strokes(self):
        return self.api(self.driver, f'/api/pages/{self.student}/1')['strokes']

    def tool(self, key):
        ActionChains(self.driver).send_keys(key).perform()

    def screen(self, x, y):
        """Scrolls page point (x, y) into the middle of the view and returns where it is in the window."""
        return self.driver.execute_script("""
            const [x, y] = arguments, scroller = document.getElementById('scroller'), layer = document.getElementById('page-layer');
            let r = layer.getBoundingClientRect();
            const scale = r.width / 612;
            scroller.scrollLeft += r.left + x * scale - scroller.getBoundingClientRect().left - scroller.clientWidth / 2;
            scroller.scrollTop += r.top + y * scale - scroller.getBoundingClientRect().top - scroller.clientHeight / 2;
            r = layer.getBoundingClientRect();
            return [r.left + x * scale, r.top + y * scale];""", x, y)

    def scale(self):
        return self.driver.execute_script('return document.getElementById("page-layer").getBoundingClientRect().width / 612')

    def pen(self, kind, point, force=0.5, buttons=1):
        self.driver.execute_cdp_cmd('Input.dispatchMouseEvent', {
            'type': kind, 'x': point[0], 'y': point[1], 'button': 'left', 'buttons': buttons,
            'clickCount': 0 if kind == 'mouseMoved' else 1, 'pointerType': 'pen', 'force': force})

    def touch(self, kind, points):
        self.driver.execute_cdp_cmd('Input.dispatchTouchEvent', {
            'type': kind, 'touchPoints': [{'x': x, 'y': y, 'id': 7} for x, y in points]})

    def pen_stroke(self, page_points, forces):
        """A pen stroke through page points with the given pressures, as CDP pen events."""
        (sx, sy), scale, first = self.screen(*page_points[0]), self.scale(), page_points[0]
        at = [(sx + (x - first[0]) * scale, sy + (y - first[1]) * scale) for x, y in page_points]
        self.pen('mousePressed', at[0], forces[0])
        for point, force in zip(at[1:], forces[1:]):
            self.pen('mouseMoved', point, force)
        self.pen('mouseReleased', at[-1], 0, buttons=0)

    def test_1_a_pressure_ramp_is_as_wide_on_screen_as_in_the_pdf(self):
        driver = self.driver
        self.tool('p')
        before = len(self.strokes())
        xs = [RAMP_FROM + (RAMP_TO - RAMP_FROM) * i / RAMP_SAMPLES for i in range(RAMP_SAMPLES + 1)]
        forces = [0.02 + 0.98 * i / RAMP_SAMPLES for i in range(RAMP_SAMPLES + 1)]
        self.pen_stroke([(x, RAMP_Y) for x in xs], forces)
        wait(driver, lambda: len(self.strokes()) == before + 1)
        stroke = self.strokes()[-1]
        points, look = stroke['points'], self.api(driver, '/api/look')
        self.assertEqual(len(points), RAMP_SAMPLES + 1, 'every pen sample is kept')
        # Where to measure: the middle of segments along the ramp (their caps reach no further than a pen width).
        segments = [1, 8, 16, 24, 32, 39]
        middles = [(points[i][0] + points[i + 1][0]) / 2 for i in segments]

        # The screen, zoomed in for resolution: a thin column through each segment's middle, as Chromium painted it.
        for _ in range(5): self.tool('+')
        time.sleep(0.5)
        scale = self.scale()
        on_screen = []
        for x in middles:
            sx, sy = self.screen(x, RAMP_Y)
            time.sleep(0.1)
            shot = driver.execute_cdp_cmd('Page.captureScreenshot', {
                'format': 'png', 'clip': {'x': round(sx) - 2, 'y': round(sy) - 40, 'width': 5, 'height': 80, 'scale': 1}})
            _, _, rows = png_pixels(base64.b64decode(shot['data']))
            on_screen.append(ink_thickness(rows, 2, stroke['color']) / scale)
        self.shot(self.driver, 'ink-pressure-ramp-screen')
        for _ in range(5): self.tool('-')

        # The exported PDF, rendered by poppler through cairo (anti-aliased, widths not snapped to
        # whole pixels as poppler's own rasteriser does) at 8 pixels a point: the same columns.
        out = os.path.join(WORK, 'graded')
        cli('export', 'pdf', PROJECT, '--out', out, '--grader', 'check')
        name = self.api(driver, '/api/overview')['students'][0]['name']
        pdf = next(path for path in glob.glob(os.path.join(out, '*.pdf')) if name.split(',')[0] in os.path.basename(path))
        in_pdf, density = [], 8
        for x in middles:
            png = subprocess.run(['pdftocairo', '-png', '-singlefile', '-r', str(72 * density), '-f', '1', '-l', '1',
                                  '-x', str(round(x * density) - 2), '-y', str((RAMP_Y - 8) * density), '-W', '5', '-H', str(16 * density),
                                  pdf, '-'], capture_output=True, check=True).stdout
            _, _, rows = png_pixels(png)
            in_pdf.append(ink_thickness(rows, 2, stroke['color']) / density)

        rule = [stroke['width'] * (look['pressureFloor'] + look['pressureGain'] * (stroke['pressures'][i] + stroke['pressures'][i + 1]) / 2)
                for i in segments]
        print('\nwidth along the ramp, points (segment: rule, screen, PDF):')
        for i, expected, screen, printed in zip(segments, rule, on_screen, in_pdf):
            print(f'  {i:2d}: {expected:.3f} {screen:.3f} {printed:.3f}  ({100 * (screen - printed) / printed:+.1f} %)')
        self.assertGreaterEqual(max(in_pdf) / min(in_pdf), 3, f'the PDF ramp varies at least 3×: {in_pdf}')
        self.assertGreaterEqual(max(on_screen) / min(on_screen), 3, f'the screen ramp varies at least 3×: {on_screen}')
        for screen, printed in zip(on_screen, in_pdf):
            self.assertLessEqual(abs(screen - printed), 0.1 * printed, f'screen {on_screen} vs PDF {in_pdf}')

    def test_2_once_a_pen_was_seen_a_finger_pans_and_a_palm_never_draws(self):
        driver = self.driver
        self.tool('p')
        before = len(self.strokes())
        self.pen_stroke([(150, 700), (250, 700)], [0.5, 0.5])
        wait(driver, lambda: len(self.strokes()) == before + 1)
        # A finger dragged down the page after the pen: the page scrolls back up, nothing is drawn.
        scroller = lambda: driver.execute_script('return document.getElementById("scroller").scrollTop')
        start, top = self.screen(300, 650), scroller()
        self.touch('touchStart', [start])
        for i in range(1, 6): self.touch('touchMove', [(start[0] + 4 * i, start[1] + 20 * i)])
        self.touch('touchEnd', [])
        time.sleep(0.5)
        self.assertEqual(len(self.strokes()), before + 1, 'a finger draws nothing once a pen was seen')
        self.assertLess(scroller(), top - 50, 'the finger scrolled the page')
        # A palm lands and moves while the pen writes: the pen's stroke is whole, and nothing of the palm is in it.
        (sx, sy), scale = self.screen(150, 720), self.scale()
        at = lambda x, y: (sx + (x - 150) * scale, sy + (y - 720) * scale)
        self.pen('mousePressed', at(150, 720), 0.6)
        for i in range(1, 21):
            if i == 5: self.touch('touchStart', [at(300, 760)])
            if 5 < i < 15: self.touch('touchMove', [at(300 + 5 * i, 760 + 2 * i)])
            if i == 15: self.touch('touchEnd', [])
            self.pen('mouseMoved', at(150 + 10 * i, 720), 0.6)
        self.pen('mouseReleased', at(350, 720), 0, buttons=0)
        wait(driver, lambda: len(self.strokes()) == before + 2)
        points = self.strokes()[-1]['points']
        self.assertEqual(len(points), 21, 'every pen sample, and only those')
        self.assertTrue(all(abs(y - 720) < 1 for _, y in points), f'nothing of the palm: {points}')
        self.assertAlmostEqual(points[-1][0], 350, delta=1)
        self.shot(driver, 'ink-palm-rejected')

    def loop(self, corners, per_side=6):
        """A lasso drawn with the pen round the rectangle `corners` ((left, top), (right, bottom)) in page points."""
        (left, top), (right, bottom) = corners
        path = [(left, top), (right, top), (right, bottom), (left, bottom), (left, top + 1)]
        points = [(a[0] + (b[0] - a[0]) * i / per_side, a[1] + (b[1] - a[1]) * i / per_side)
                  for a, b in zip(path, path[1:]) for i in range(per_side)]
        self.pen_stroke(points, [0.5] * len(points))

    def history(self):
        return json.loads(cli('history', PROJECT, '--json'))

    def test_3_the_lasso_moves_and_removes_strokes_together_one_step_each(self):
        driver = self.driver
        name = self.api(driver, '/api/overview')['students'][0]['name']
        ann = [int(json.loads(cli('ink', PROJECT, '--student', name, '--page', '1', '--grader', 'Ann', '--json', path))['annotation'])
               for path in ['400,700 450,710 500,700', '400,725 500,730']]
        ta = int(json.loads(cli('ink', PROJECT, '--student', name, '--page', '1', '--grader', 'ta', '--json', '530,700 550,720'))['annotation'])
        by_id = lambda: {s['id']: s['points'] for s in self.strokes()}
        wait(driver, lambda: len(driver.find_elements(By.CSS_SELECTOR, f'#page-layer [data-kind="stroke"][data-id="{ta}"]')) == 1,
             message='the page shows the new strokes')
        before = by_id()
        self.tool('l')
        self.loop(((390, 690), (515, 740)))
        delete = driver.find_element(By.ID, 'lasso-delete')
        wait(driver, lambda: delete.is_displayed(), message='the lasso holds something')
        self.assertEqual(len(driver.find_elements(By.CSS_SELECTOR, '#page-layer .lasso-frame')), 1)
        self.shot(driver, 'ink-lasso')
        # Dragged from inside its frame: Ann's two strokes move 20 right and 30 up, the TA's stays.
        self.pen_stroke([(450, 712), (460, 697), (470, 682)], [0.5, 0.5, 0.5])
        wait(driver, lambda: by_id()[ann[0]] != before[ann[0]])
        for stroke in ann:
            for (x, y), (x0, y0) in zip(by_id()[stroke], before[stroke]):
                self.assertAlmostEqual(x, x0 + 20, delta=0.5)
                self.assertAlmostEqual(y, y0 - 30, delta=0.5)
        self.assertEqual(by_id()[ta], before[ta])
        step = self.history()[0]
        self.assertEqual((step['description'], step['grader']), ('move 2 annotations', 'Ann'))
        # One tap on Undo takes both back.
        driver.find_element(By.ID, 'undo').click()
        wait(driver, lambda: by_id() == before, message='one undo step')
        # A loop round all three: the TA's stroke is another grader's work, so Delete removes nothing and says whose.
        self.loop(((385, 685), (560, 745)))
        wait(driver, lambda: delete.is_displayed())
        delete.click()
        wait(driver, lambda: 'made by ta' in driver.find_element(By.ID, 'toast').text, message='the refusal names the TA')
        self.assertEqual(by_id(), before)
        # Ann's own two: removed together, in one step.
        self.loop(((390, 690), (515, 740)))
        wait(driver, lambda: delete.is_displayed())
        delete.click()
        wait(driver, lambda: set(by_id()) == set(before) - set(ann))
        self.assertEqual(self.history()[0]['description'], 'remove 2 annotations')

    def screen_colour(self, x, y):
        """The colour Chromium painted at page point (x, y)."""
        sx, sy = self.screen(x, y)
        time.sleep(0.1)
        shot = self.driver.execute_cdp_cmd('Page.captureScreenshot', {
            'format': 'png', 'clip': {'x': round(sx), 'y': round(sy), 'width': 1, 'height': 1, 'scale': 1}})
        return png_pixels(base64.b64decode(shot['data']))[2][0][0]

    def test_4_the_highlighter_lies_translucent_under_the_pen_on_screen_and_in_the_pdf(self):
        driver = self.driver
        before = len(self.strokes())
        self.tool('p')
        self.pen_stroke([(300, 448), (300, 472)], [0.5, 0.5])
        wait(driver, lambda: len(self.strokes()) == before + 1)
        self.tool('i')
        self.pen_stroke([(220 + 10 * i, 460) for i in range(17)], [0.5] * 17)
        wait(driver, lambda: len(self.strokes()) == before + 2)
        marker, look = self.strokes()[-1], self.api(driver, '/api/look')
        self.assertEqual((marker['kind'], marker['width'], marker.get('pressures')), ('highlighter', look['highlighterWidth'], None))
        time.sleep(0.3)
        screen = {'crossing': self.screen_colour(300, 460), 'alone': self.screen_colour(250, 460)}
        self.shot(driver, 'ink-highlighter')
        out = os.path.join(WORK, 'graded-highlighter')
        cli('export', 'pdf', PROJECT, '--out', out, '--grader', 'check')
        name = self.api(driver, '/api/overview')['students'][0]['name']
        pdf = next(path for path in glob.glob(os.path.join(out, '*.pdf')) if name.split(',')[0] in os.path.basename(path))

        def printed(x, y):
            png = subprocess.run(['pdftocairo', '-png', '-singlefile', '-r', '144', '-f', '1', '-l', '1', '-x', str(x * 2), '-y', str(y * 2),
                                  '-W', '1', '-H', '1', pdf, '-'], capture_output=True, check=True).stdout
            return png_pixels(png)[2][0][0]
        paper = {'crossing': printed(300, 460), 'alone': printed(250, 460)}
        pen = tuple(int(self.strokes()[-2]['color'][i:i + 2], 16) for i in (1, 3, 5))
        colour = tuple(int(look['highlighterColor'][i:i + 2], 16) for i in (1, 3, 5))
        over_white = tuple(255 * (1 - look['highlighterOpacity']) + c * look['highlighterOpacity'] for c in colour)
        print(f'\nhighlighter alone: screen {screen["alone"]}, PDF {paper["alone"]}, over white {over_white}; '
              f'crossing the pen: screen {screen["crossing"]}, PDF {paper["crossing"]}, pen {pen}')
        for where in (screen, paper):
            self.assertTrue(all(abs(a - b) < 40 for a, b in zip(where['crossing'], pen)), f'the pen lies on top: {where}')
            self.assertTrue(all(abs(a - b) < 25 for a, b in zip(where['alone'], over_white)), f'translucent over the paper: {where}')

    def test_5_pen_to_paint_latency(self):
        """Pen to paint, measured on the page's performance timeline: each pen sample (coalesced ones
        included) from its event's time stamp to the end of the frame that drew it (the first task
        after that frame's requestAnimationFrame callbacks and rendering). Printed, not asserted."""
        driver = self.driver
        self.tool('p')
        driver.execute_script("""
            performance.clearMeasures('pen-to-paint');
            performance.clearMeasures('pen-to-handler');
            document.getElementById('page-layer').addEventListener('pointermove', (event) => {
              if (event.pointerType !== 'pen' || !event.buttons) return;
              const samples = event.getCoalescedEvents().length ? event.getCoalescedEvents() : [event];
              for (const sample of samples) performance.measure('pen-to-handler', { start: sample.timeStamp, end: performance.now() });
              // Registered after the page view's own listener: this frame callback runs after the one that draws the ink.
              requestAnimationFrame(() => {
                const channel = new MessageChannel();
                channel.port1.onmessage = () => {
                  for (const sample of samples) performance.measure('pen-to-paint', { start: sample.timeStamp, end: performance.now() });
                };
                channel.port2.postMessage(null);
              });
            });""")
        before, count = len(self.strokes()), 500
        # A long spiral in the blank lower part of the page, one CDP pen event per sample.
        import math
        path = [(300 + (20 + 0.12 * i) * math.cos(i / 12), 740 + (10 + 0.05 * i) * math.sin(i / 12)) for i in range(count + 1)]
        self.pen_stroke(path, [0.3 + 0.4 * abs(math.sin(i / 30)) for i in range(count + 1)])
        wait(driver, lambda: len(self.strokes()) == before + 1, seconds=10)
        self.assertEqual(len(self.strokes()[-1]['points']), count + 1, 'every sample is in the stroke')
        latencies = sorted(driver.execute_script("return performance.getEntriesByName('pen-to-paint').map((e) => e.duration)"))
        self.assertEqual(len(latencies), count, 'every pen sample was painted')
        median, p99 = statistics.median(latencies), latencies[math.ceil(0.99 * len(latencies)) - 1]
        print(f'\npen-to-paint latency over {len(latencies)} pen samples: median {median:.1f} ms, p99 {p99:.1f} ms')
        handled = sorted(driver.execute_script("return performance.getEntriesByName('pen-to-handler').map((e) => e.duration)"))
        print(f'(of which pen to handler: median {statistics.median(handled):.1f} ms, p99 {handled[math.ceil(0.99 * len(handled)) - 1]:.1f} ms)')
        self.shot(driver, 'ink-latency-spiral')


if __name__ == '__main__':
    unittest.main(argv=[sys.argv[0], '-v', *sys.argv[3:]])
