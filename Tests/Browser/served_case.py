"""What the browser test cases share: a case whose class holds the `ezgrader serve` process it
started and the browsers it opened, all closed when the case ends; signing in by name; keys; and
screenshots, written to WORK_FOLDER/screenshots.
"""
import os, sys, unittest

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.support.ui import WebDriverWait

SHOTS = os.path.join(sys.argv[2], 'screenshots')


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
