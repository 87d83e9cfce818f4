"""Computes the item analysis's figures with numpy and scipy, independently of ezgrader, for
ItemStatisticsCheckTests: reads WORK/classes.json (the classes' scores and bubble answers) and
writes WORK/expected.json (every figure, unrounded) for the Swift test to compare.

Usage: item_statistics.py EZGRADER WORK   (EZGRADER is unused: the driver passes it to every script)
"""
import json
import math
import sys

import numpy as np
from scipy import stats


def wilson(p, n, confidence):
    """Wilson's score interval: scipy's for a whole count of successes, the formula otherwise."""
    if p is None or n == 0:
        return None
    p = min(1.0, max(0.0, p))
    k = p * n
    if abs(k - round(k)) < 1e-9:
        ci = stats.binomtest(int(round(k)), n).proportion_ci(confidence_level=confidence, method="wilson")
        return [max(0.0, ci.low), min(1.0, ci.high)]
    z = stats.norm.ppf(1 - (1 - confidence) / 2)
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return [max(0.0, centre - half), min(1.0, centre + half)]


def fisher(r, n, confidence):
    if r is None or n < 4:
        return None
    z = stats.norm.ppf(1 - (1 - confidence) / 2)
    centre, half = np.arctanh(r), z / math.sqrt(n - 3)
    return [float(np.tanh(centre - half)), float(np.tanh(centre + half))]


def newcombe(upper, lower, n, confidence):
    if upper is None or lower is None or n == 0:
        return None
    (ul, uu), (ll, lu) = wilson(upper, n, confidence), wilson(lower, n, confidence)
    d = upper - lower
    return [d - math.hypot(upper - ul, lu - lower), d + math.hypot(uu - upper, lower - ll)]


def feldt(alpha, n, k, confidence):
    if alpha is None or n < 2 or k < 2:
        return None
    tail = (1 - confidence) / 2
    d1, d2 = n - 1, (n - 1) * (k - 1)
    return [1 - (1 - alpha) * stats.f.ppf(1 - tail, d1, d2), 1 - (1 - alpha) * stats.f.ppf(tail, d1, d2)]


def pearson(x, y):
    x, y = np.asarray(x, float), np.asarray(y, float)
    if len(x) < 2 or np.ptp(x) < 1e-9 or np.ptp(y) < 1e-9:
        return None
    return float(stats.pearsonr(x, y).statistic)


def cronbach(columns):
    """α of the item columns (population variances, as ezgrader defines it)."""
    if len(columns) < 2 or len(columns[0]) < 2:
        return None
    matrix = np.array(columns, float)
    total_variance = matrix.sum(axis=0).var()
    if total_variance <= 0:
        return None
    k = len(columns)
    return float(k / (k - 1) * (1 - matrix.var(axis=1).sum() / total_variance))


def analyse(data):
    confidence, share = data["confidence"], data["groupShare"]
    limits = data["limits"]
    items, bubbles = data["items"], data["bubbles"]
    students = len(data["students"])
    in_total = [i for i, item in enumerate(items) if any(s is not None for s in item["scores"])]
    complete = [s for s in range(students) if in_total and all(items[i]["scores"][s] is not None for i in in_total)]
    columns = [[items[i]["scores"][s] for s in complete] for i in in_total]
    totals = np.array(columns, float).sum(axis=0) if columns and complete else np.zeros(len(complete))
    n = len(complete)
    groups = None
    if n >= 2:
        size = min(n // 2, max(1, int(math.floor(share * n + 0.5))))
        ranked = sorted(range(n), key=lambda i: (-totals[i], i))
        groups = (ranked[:size], ranked[-size:])
    alpha = cronbach(columns)
    exam = {
        "alpha": alpha,
        "alphaInterval": feldt(alpha, n, len(in_total), confidence),
        "unreadBubbleRows": 0,
        "studentsWithUnreadRows": 0,
        "lowReliability": False,
    }
    unread_students = set()
    for bubble in bubbles:
        if bubble["item"] not in in_total:
            continue
        for s in range(students):
            if bubble["responses"][s] is None and items[bubble["item"]]["scores"][s] is None:
                exam["unreadBubbleRows"] += 1
                unread_students.add(s)
    exam["studentsWithUnreadRows"] = len(unread_students)
    interval = exam["alphaInterval"]
    exam["lowReliability"] = interval is not None and interval[1] < limits["reliability"]

    questions = []
    for index, item in enumerate(items):
        graded = [s for s in item["scores"] if s is not None]
        top = item["max"]
        facility = float(np.mean(graded)) / top if graded and top else None
        own = np.array([item["scores"][s] or 0 for s in complete], float)
        r = pearson(own, totals - own) if graded else None
        upper = lower = None
        if graded and groups and top:
            upper, lower = float(own[groups[0]].mean()) / top, float(own[groups[1]].mean()) / top
        d = None if upper is None else upper - lower
        others = None
        if index in in_total:
            others = cronbach([columns[j] for j, i in enumerate(in_total) if i != index])
        f_int = wilson(facility, len(graded), confidence)
        r_int = fisher(r, n, confidence)
        d_int = newcombe(upper, lower, len(groups[0]) if groups else 0, confidence)
        questions.append({
            "facility": facility, "itemTotalCorrelation": r, "discrimination": d, "alphaIfDeleted": others,
            "facilityInterval": f_int, "itemTotalCorrelationInterval": r_int, "discriminationInterval": d_int,
            "hard": f_int is not None and f_int[1] < limits["hardFacility"],
            "easy": f_int is not None and f_int[0] > limits["easyFacility"],
            "weak": r_int is not None and r_int[1] < limits["itemTotalCorrelation"],
            "low": d_int is not None and d_int[1] < limits["discrimination"],
        })

    options_out = []
    for bubble in bubbles:
        responses, item = bubble["responses"], items[bubble["item"]]
        read = [s for s in range(students) if responses[s] is not None]
        pairs = [(s, t) for s, t in zip(complete, totals) if responses[s] is not None]
        rest = np.array([t - (item["scores"][s] or 0) for s, t in pairs], float)

        def in_groups(test):
            if groups is None:
                return None
            return [sum(1 for g in groups[0] if test(responses[complete[g]])),
                    sum(1 for g in groups[1] if test(responses[complete[g]]))]

        keyed = [label in bubble["keyed"] for label in bubble["choices"]]
        marks = [in_groups(lambda answer, label=label: answer is not None and label in answer) for label in bubble["choices"]]
        keyed_upper = max((m[0] for k, m in zip(keyed, marks) if k and m is not None), default=None)
        options = []
        for label, is_keyed, mark in zip(bubble["choices"], keyed, marks):
            marked = np.array([1.0 if label in responses[s] else 0.0 for s, _ in pairs])
            r = pearson(marked, rest)
            preference = None
            if bubble["single"] and not is_keyed and keyed_upper is not None and mark is not None:
                trials = mark[0] + keyed_upper
                preference = 1.0 if mark[0] == 0 else float(stats.binomtest(mark[0], trials, 0.5, alternative="greater").pvalue)
            options.append({
                "label": label, "count": sum(1 for s in read if label in responses[s]), "restCorrelation": r,
                "restCorrelationInterval": fisher(r, len(pairs), confidence), "groups": mark, "upperPreferenceP": preference,
                "keyed": is_keyed,
            })
        # The key is doubted on a keyed choice's r interval below 0, a significant upper-group
        # preference for another choice, or D's interval below 0.
        doubt = any(o["keyed"] and o["restCorrelationInterval"] is not None and o["restCorrelationInterval"][1] < 0 for o in options)
        doubt = doubt or any(o["upperPreferenceP"] is not None and o["upperPreferenceP"] < (1 - confidence) / 2 for o in options)
        d_int = questions[bubble["item"]]["discriminationInterval"]
        doubt = doubt or (d_int is not None and d_int[1] < 0)
        likely = None
        if doubt:
            candidates = [o for o in options if not o["keyed"] and (o["restCorrelation"] or 0) > 0]
            if candidates:
                best = max(o["restCorrelation"] for o in candidates)
                likely = next(o["label"] for o in candidates if o["restCorrelation"] == best)
        options_out.append({
            "read": len(read), "blank": sum(1 for s in read if responses[s] == []), "unread": students - len(read),
            "groupSize": len(groups[0]) if groups else None,
            "blankGroups": in_groups(lambda answer: answer == []), "unreadGroups": in_groups(lambda answer: answer is None),
            "keyDoubt": doubt, "likelyAnswer": likely, "options": options,
        })
    return {"exam": exam, "questions": questions, "bubbleQuestions": options_out}


def main():
    work = sys.argv[2]
    with open(f"{work}/classes.json", encoding="utf-8") as source:
        classes = json.load(source)
    with open(f"{work}/expected.json", "w", encoding="utf-8") as target:
        json.dump([analyse(data) for data in classes], target, default=lambda value: value.item())
    print(f"numpy {np.__version__}, scipy {stats.__name__} ok: {len(classes)} classes")


if __name__ == "__main__":
    main()
