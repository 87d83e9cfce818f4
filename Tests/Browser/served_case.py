"""What the browser test cases share: a case whose class holds the `ezgrader serve` process it
started and the browsers it opened, all closed when the case ends; signing in by name; keys; the
mouse and pen (CDP events), page points on screen and the page shown; a wait that outlasts live
updates; and screenshots, written to WORK_FOLDER/screenshots.
"""
import os, sys, time, unittest

from selenium.common.exceptions import ElementNotInteractableException, NoSuchElementException, StaleElementReferenceException
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.support.ui import WebDriverWait

SHOTS = os.path.join(sys.argv[2], 'screenshots')


def wait(driver, condition, seconds=5, message=''):
    """Waits for `condition`; an element replaced (or not yet shown) by a live update meanwhile is looked up again."""
    return WebDriverWait(driver, seconds, poll_frequency=0.05,
                         ignored_exceptions=(StaleElementReferenceException, NoSuchElementException, ElementNotInteractableException)) \
        .until(lambda _: condition(), message)


class ServedTestCase(unittest.TestCase):
    """A test case whose setUpClass sets `server` (and `link`) and keeps its browsers on the class,
    alone or in a list: tearDownClass quits every one of them and stops the server."""

    @classmethod
    def tearDownClass(cls):
        for value in list(vars(cls).values()):
            for driver in value if isinstance(value, list) else [value]:
                if isinstance(driver, WebDriver): driver.quit()
        cls.server.terminate()
        cls.server.wait(10)

    @classmethod
    def open_as(cls, driver, name):
        """Opens the server's link in `driver` and signs in as `name`."""
        driver.get(cls.link)
        box = WebDriverWait(driver, 10).until(lambda d: d.find_element(By.ID, 'name-input') if d.find_element(By.ID, 'name-dialog').get_attribute('open') is not None else None)
        box.send_keys(name, Keys.ENTER)
        WebDriverWait(driver, 5, poll_frequency=0.05).until(lambda d: d.find_element(By.ID, 'who').text == name)

    def shot(self, driver, name):
        """What `driver` shows, as screenshots/NAME.png."""
        os.makedirs(SHOTS, exist_ok=True)
        driver.save_screenshot(os.path.join(SHOTS, name + '.png'))

    def keys(self, driver, *keys):
        ActionChains(driver).send_keys(*keys).perform()

    def screen(self, driver, x, y):
        """Scrolls page point (x, y) into view and returns where it is in the window."""
        return driver.execute_script("""
            const [x, y] = arguments, scroller = document.getElementById('scroller'), layer = document.getElementById('page-layer');
            let r = layer.getBoundingClientRect();
            const scale = r.width / 612;
            scroller.scrollTop += r.top + y * scale - scroller.getBoundingClientRect().top - scroller.clientHeight / 2;
            r = layer.getBoundingClientRect();
            return [r.left + x * scale, r.top + y * scale];""", x, y)

    def scale(self, driver):
        return driver.execute_script('return document.getElementById("page-layer").getBoundingClientRect().width / 612')

    def mouse(self, driver, kind, point, pointer='mouse', force=0.5, buttons=1):
        driver.execute_cdp_cmd('Input.dispatchMouseEvent', {
            'type': kind, 'x': point[0], 'y': point[1], 'button': 'left', 'buttons': buttons,
            'clickCount': 0 if kind == 'mouseMoved' else 1, 'pointerType': pointer, 'force': force})

    def drag(self, driver, start, end, pointer='mouse', forces=None):
        steps = len(forces) if forces else 4
        self.mouse(driver, 'mousePressed', start, pointer, forces[0] if forces else 0.5)
        for i in range(1, steps + 1):
            t = i / steps
            self.mouse(driver, 'mouseMoved', (start[0] + (end[0] - start[0]) * t, start[1] + (end[1] - start[1]) * t), pointer,
                       forces[i - 1] if forces else 0.5)
        self.mouse(driver, 'mouseReleased', end, pointer, 0, buttons=0)

    def choose_page(self, driver, page):
        driver.execute_script('const s = document.getElementById("page-select"); s.value = arguments[0]; s.dispatchEvent(new Event("change"));', str(page))
        wait(driver, lambda: driver.find_element(By.ID, 'page-title').text.endswith(f'page {page}'))
        time.sleep(0.3)
        driver.execute_script('document.getElementById("scroller").scrollTop = 0')
