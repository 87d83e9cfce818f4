"""What the capture tests (capture_test.py, capture_id_test.py) share: a TA's phone in headless
Chromium at 390×844 over HTTPS (`serve --public`, the TA's personal link as a grader) whose camera
is Chromium's fake device playing an MJPEG video of photos laid on a dark table; a test case that
starts it, takes its screenshots and stops it.
"""
import io, os, re, subprocess, time

from PIL import Image, ImageDraw

import invite_test
from grading_test import WORK, EZGRADER, cli, wait
from served_case import ServedTestCase
from selenium.webdriver.common.by import By

VIDEO = os.path.join(WORK, 'camera.mjpeg')
FPS = 30                 # what Chromium plays an MJPEG file at
FRAME = (1200, 1600)     # the camera's frame, portrait


def write_video(photos):
    """Each photo on a dark table (scaled to 85 % of the frame's width) for 3 s, then the empty table
    for 5 s: a debug build reads a photo in 2.5–5 s on a busy machine, and a reading that came back
    after the table showed again would leave the next sheet in view when the phone is ready, so it
    would never be taken (the same sheet taken over and over)."""
    table = Image.new('RGB', FRAME, (62, 52, 44))
    draw = ImageDraw.Draw(table)
    for y in range(0, FRAME[1], 40): draw.line([(0, y), (FRAME[0], y + 25)], fill=(70, 58, 48), width=6)   # wood grain
    empty = io.BytesIO()
    table.save(empty, 'JPEG', quality=80)
    with open(VIDEO, 'wb') as video:
        for path in photos:
            photo = Image.open(path).convert('RGB')
            width = int(FRAME[0] * 0.85)
            photo = photo.resize((width, int(photo.height * width / photo.width)), Image.LANCZOS)
            frame = table.copy()
            frame.paste(photo, ((FRAME[0] - photo.width) // 2, (FRAME[1] - photo.height) // 2 + 20))
            shown = io.BytesIO()
            frame.save(shown, 'JPEG', quality=90)
            video.write(shown.getvalue() * (3 * FPS))
            video.write(empty.getvalue() * (5 * FPS))


def phone(link, certificate):
    """Headless Chromium at a phone's size whose camera plays the video, trusting the project's certificate."""
    invite_test.CERTIFICATE = certificate
    driver = invite_test.plain_browser(390, 844, f'--ignore-certificate-errors-spki-list={invite_test.spki_hash()}',
                                       '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream',
                                       f'--use-file-for-fake-video-capture={VIDEO}')
    driver.execute_cdp_cmd('Emulation.setDeviceMetricsOverride', {'width': 390, 'height': 844, 'deviceScaleFactor': 1, 'mobile': True})
    driver.get(link)
    wait(driver, lambda: driver.find_element(By.ID, 'who').text == 'ta-ben', 15, 'the TA is signed in by the link')
    return driver


def serve(project):
    """`serve --public` on `project` (an ephemeral port), and ta-ben's personal link as a grader."""
    server = subprocess.Popen([EZGRADER, 'serve', project, '--public', '--port', '0'], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    printed, deadline = '', time.time() + 30
    while 'token=' not in printed and time.time() < deadline:
        printed += server.stdout.readline()
    port = re.search(r'https://\S+:(\d+)/\?token=', printed).group(1)
    base = f'https://{invite_test.outside_address()}:{port}'
    said = cli('graders', project, 'invite', 'ta-ben', '--role', 'grader', '--server', base)
    return server, re.search(r'https://\S+\?invite=[0-9a-f]{32}', said).group(0)


class CapturingTestCase(ServedTestCase):
    """A test case with the phone on `project` (`start_phone`), screenshots named `SHOT_PREFIX-name.png`."""
    SHOT_PREFIX = 'capture'

    @classmethod
    def start_phone(cls, project):
        """Serves `project` and opens the TA's link on the phone; the video must be written first."""
        cls.server, cls.link = serve(project)
        cls.driver = phone(cls.link, os.path.join(project, 'tls', 'certificate.pem'))

    def phone_shot(self, name):
        self.shot(self.driver, f'{self.SHOT_PREFIX}-{name}')
