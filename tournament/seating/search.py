"""The optimiser behind seat draws: a seeded greedy start, then tabu search over swaps.

Pure and index-based: players are ``0 … n-1``, tables ``0 … len(sizes)-1``, rounds are the rounds still to
be drawn (frozen rounds reach this module only as pair costs and counts). ``tournament.seating`` maps real
players to indices, builds the pair costs and turns the result back into a draw; nothing here knows about
seeds, JSON or Django.

Objective (lower is better), summed over the rounds being drawn:

- for every pair that shares a table in a round, its static cost ``statics[r][a*n+b]`` — a same-day meeting
  in a frozen round or a forbidden (group) pair costs ``HARD``, an earlier meeting of the season a smaller
  amount chosen by the caller;
- ``HARD · C(k, 2)`` for a pair that shares a table ``k`` times among the drawn rounds (same-day repeats);
- ``ODD_DAY · C(d, 2)`` for a player who sits ``d`` times at an odd table (a table of 5 or of 3) during the
  day, frozen rounds included, plus ``ODD_SEASON · s`` for each odd seat drawn for a player who had ``s`` odd
  seats earlier in the season.

Moves swap two players of one round who sit at different tables, at least one of them in conflict (positive
cost), as in Dotú & Van Hentenryck, "Scheduling Social Golfers Locally" (CPAIOR 2005): the best non-tabu
swap is taken even if it makes things worse; a player may not go back to the table he just left for a few
iterations unless that gives a new best (aspiration); after a long stall with hard conflicts left, the best
assignment is restored and perturbed by random swaps (every fifth time: a fresh greedy start instead, which
cuts the heavy tail of the hardest small fields, 22 and 23 players in 4 rounds). Every choice uses the seeded
generator and the work is capped (counted in swap evaluations, never in seconds), so the result never depends
on the machine's speed. Only ``stop`` (used by the benchmark's time-boxed search, never by ``draw``) can cut
a run short.
"""

from __future__ import annotations

import heapq
from typing import Callable, Sequence

from tournament.seating.problem import (
    BASE_SIZE,
    HARD,
    ODD_DAY,
    ODD_SEASON,
    Outcome,
    Problem,
    repeats_unavoidable,
)
from tournament.seating.rng import Rng

MAX_ITERATIONS = 200_000
MAX_WORK = 6_000_000  # swap evaluations (one per candidate partner) per draw: about 3 s of CPython
HOPELESS_WORK = 1_000_000  # the budget when same-day repeats are unavoidable anyway (too few players)
MAX_PERTURBATIONS = 200
TABU_MIN, TABU_SPREAD = 8, 8  # a player may not go back to the table he left for 8 to 15 iterations
#                               (fewer with fewer than 5 tables: 2T-2 to 4T-1)
RESTART_EVERY = 5  # every 5th escape from a stall is a fresh greedy start instead of a perturbed best
SCAN_WORK = 2_000  # conflicting players examined per iteration: all, or a sample of SCAN_WORK / n of them
MIN_SCAN = 3


def solve(
    problem: Problem,
    rng: Rng,
    *,
    initial: Sequence[Sequence[Sequence[int]]] = (),
    max_iterations: int = MAX_ITERATIONS,
    max_work: int | None = None,
    stall: int | None = None,
    stop: Callable[[], bool] | None = None,
) -> Outcome:
    """Draw ``problem.rounds`` rounds; ``initial`` may give the first rounds as a starting point.

    The search stops at the lower bound, after ``stall`` iterations without a new best (once no hard conflict
    is left, or after ``MAX_PERTURBATIONS`` restarts), or when ``max_iterations`` or ``max_work`` is spent
    (default ``MAX_WORK``, or ``HOPELESS_WORK`` when some player would need more partners than there are).
    """
    search = _Search(problem, rng)
    search.build(initial)
    if stall is None:
        stall = max(300, 2 * problem.n)
    if max_work is None:
        max_work = HOPELESS_WORK if repeats_unavoidable(problem) else MAX_WORK
    return search.run(max_iterations, max_work, stall, stop)


class _Search:
    def __init__(self, problem: Problem, rng: Rng) -> None:
        self.problem = problem
        self.rng = rng
        self.n = problem.n
        self.R = problem.rounds
        self.sizes = problem.sizes
        self.T = len(problem.sizes)
        self.odd = [size != BASE_SIZE for size in problem.sizes]
        self.pinned = problem.pinned
        self.s5 = problem.odd_season
        # cm[r][a*n+b] = statics[r][a*n+b] + HARD * (meetings of a and b in the drawn rounds)
        own: dict[int, list[int]] = {}
        self.cm = [own.setdefault(id(st), list(st)) for st in problem.statics]
        self.cms = list(own.values())

    # -- building ------------------------------------------------------------------------------------------
    def build(self, initial: Sequence[Sequence[Sequence[int]]]) -> None:
        n, R = self.n, self.R
        for cm, st in zip(self.cm, self.problem.statics, strict=True):
            cm[:] = st
        self.fd = list(self.problem.odd_before)
        self.tabs = [[[] for _ in self.sizes] for _ in range(R)]
        self.where = [[-1] * n for _ in range(R)]
        for r in range(R):
            if r < len(initial):
                for t, members in enumerate(initial[r]):
                    for p in members:
                        self._place(r, p, t)
            else:
                self._greedy(r)
        self.mp = [[0] * n for _ in range(R)]
        self.state = [0] * (R * n)
        self.lists: tuple[list[int], list[int], list[int]] = ([], [], [])
        self.pos = [-1] * (R * n)
        for r in range(R):
            for p in range(n):
                self._refresh(r, p)
        self.total = self._total()

    def _place(self, r: int, p: int, t: int) -> None:
        n = self.n
        for x in self.tabs[r][t]:
            for cm in self.cms:
                cm[p * n + x] += HARD
                cm[x * n + p] += HARD
        self.tabs[r][t].append(p)
        self.where[r][p] = t
        if self.odd[t]:
            self.fd[p] += 1

    def _greedy(self, r: int) -> None:
        """Seat players in random order, each at the open table where he costs least (first zero wins)."""
        rng, n, odd, fd, s5, cm = self.rng, self.n, self.odd, self.fd, self.s5, self.cm[r]
        tabs, sizes = self.tabs[r], self.sizes
        order = []
        for p in range(n):
            if self.pinned[p] >= 0:
                self._place(r, p, self.pinned[p])
            else:
                order.append(p)
        rng.shuffle(order)
        if any(odd):  # players who sat at odd tables more often choose first, while tables of 4 are open
            order.sort(key=lambda p: -(ODD_DAY * fd[p] + ODD_SEASON * s5[p]))
        open_tables = [t for t in range(self.T) if len(tabs[t]) < sizes[t]]
        for p in order:
            count = len(open_tables)
            start = rng.below(count)
            base = p * n
            best_i, best_cost = start, None
            for k in range(count):
                i = start + k if start + k < count else start + k - count
                t = open_tables[i]
                cost = ODD_DAY * fd[p] + ODD_SEASON * s5[p] if odd[t] else 0
                for x in tabs[t]:
                    cost += cm[base + x]
                if best_cost is None or cost < best_cost:
                    best_i, best_cost = i, cost
                    if cost == 0:
                        break
            t = open_tables[best_i]
            self._place(r, p, t)
            if len(tabs[t]) == sizes[t]:
                open_tables[best_i] = open_tables[-1]
                open_tables.pop()

    # -- bookkeeping ---------------------------------------------------------------------------------------
    def _refresh(self, r: int, p: int) -> None:
        """Recompute p's cost in round r and file him as hard (2), soft (1) or no (0) conflict."""
        n = self.n
        t = self.where[r][p]
        members = self.tabs[r][t]
        cm = self.cm[r]
        base = p * n
        cost = -HARD * (len(members) - 1)
        for x in members:
            if x != p:
                cost += cm[base + x]
        self.mp[r][p] = cost
        if self.odd[t]:
            cost += ODD_DAY * (self.fd[p] - 1) + ODD_SEASON * self.s5[p]
        kind = 0 if self.pinned[p] >= 0 or cost <= 0 else (2 if cost >= HARD else 1)
        key = r * n + p
        old = self.state[key]
        if old == kind:
            return
        if old:
            lst = self.lists[old]
            i = self.pos[key]
            last = lst.pop()
            if last != key:
                lst[i] = last
                self.pos[last] = i
        if kind:
            lst = self.lists[kind]
            self.pos[key] = len(lst)
            lst.append(key)
        self.state[key] = kind

    def _total(self) -> int:
        n, meetings, total = self.n, {}, 0
        for r in range(self.R):
            st = self.problem.statics[r]
            for members in self.tabs[r]:
                for i, a in enumerate(members):
                    for b in members[i + 1 :]:
                        total += st[a * n + b]
                        key = a * n + b if a < b else b * n + a
                        meetings[key] = meetings.get(key, 0) + 1
        total += HARD * sum(k * (k - 1) // 2 for k in meetings.values())
        for p in range(n):
            d0, d = self.problem.odd_before[p], self.fd[p]
            total += ODD_DAY * (d * (d - 1) - d0 * (d0 - 1)) // 2 + ODD_SEASON * self.s5[p] * (d - d0)
        return total

    def lower_bound(self) -> int:
        """A bound on the odd-table cost alone: odd seats handed out one by one to the cheapest player."""
        seats = sum(size for size, odd in zip(self.sizes, self.odd, strict=True) if odd) * self.R
        before = zip(self.problem.odd_before, self.s5, strict=True)
        heap = [(ODD_DAY * d + ODD_SEASON * s, p, 0) for p, (d, s) in enumerate(before)]
        heapq.heapify(heap)
        bound = 0
        for _ in range(seats):
            cost, p, taken = heapq.heappop(heap)
            bound += cost
            if taken + 1 < self.R:
                heapq.heappush(heap, (cost + ODD_DAY, p, taken + 1))
        return bound

    # -- tabu search ---------------------------------------------------------------------------------------
    # complexity: the tabu search's loop in one frame (speed: bench/seating.py)
    def run(self, max_iterations: int, max_work: int, stall: int, stop: Callable[[], bool] | None) -> Outcome:  # noqa: C901
        rng, n, T = self.rng, self.n, self.T
        bound = self.lower_bound()
        tabu = [[0] * (n * T) for _ in range(self.R)]
        best_total, best = self.total, self._snapshot()
        iteration = since_best = perturbations = work = 0
        scan = max(MIN_SCAN, SCAN_WORK // n)
        tenure, spread = min(TABU_MIN, 2 * T - 2), min(TABU_SPREAD, 2 * T + 2)
        while iteration < max_iterations and work < max_work and self.total > bound and T > 1:
            if stop is not None and iteration % 64 == 0 and stop():
                break
            lst = self.lists[2] or self.lists[1]
            if not lst:
                break
            if len(lst) <= scan:
                keys = lst[:]
            else:
                keys = [lst[rng.below(len(lst))] for _ in range(scan)]
            iteration += 1
            since_best += 1
            move, ties = None, 0
            work += n * len(keys)
            for key in keys:
                cand = self._best_swap(key, iteration, best_total - self.total, tabu)
                if cand is None or (move is not None and cand[0] > move[0]):
                    continue
                ties = 1 if move is None or cand[0] < move[0] else ties + 1
                if ties == 1 or rng.below(ties) == 0:
                    move = cand
            if move is not None:
                delta, r, p, t, q, u = move
                self._swap(r, p, t, q, u)
                self.total += delta
                tabu[r][p * T + t] = iteration + tenure + rng.below(spread)
                tabu[r][q * T + u] = iteration + tenure + rng.below(spread)
                if self.total < best_total:
                    best_total, best, since_best = self.total, self._snapshot(), 0
            if since_best >= stall:
                if best_total < HARD or perturbations >= MAX_PERTURBATIONS:
                    break
                perturbations += 1
                if RESTART_EVERY and perturbations % RESTART_EVERY == 0:
                    self.build(())
                else:
                    self.build(best)
                    self._perturb()
                since_best = 0
                if self.total < best_total:
                    best_total, best = self.total, self._snapshot()
        return Outcome(best, best_total, bound, iteration, work)

    def _snapshot(self) -> list[list[list[int]]]:
        return [[members[:] for members in tables] for tables in self.tabs]

    def _perturb(self) -> None:
        """A few random swaps of hard-conflicting players, to leave a basin the tabu search cannot."""
        rng, n = self.rng, self.n
        for _ in range(1 + rng.below(3)):
            if not self.lists[2]:
                break
            r, p = divmod(self.lists[2][rng.below(len(self.lists[2]))], n)
            t = self.where[r][p]
            movable = [q for q in range(n) if self.where[r][q] != t and self.pinned[q] < 0]
            if movable:
                q = movable[rng.below(len(movable))]
                self._swap(r, p, t, q, self.where[r][q])
        self.total = self._total()

    # complexity: the search's hot inner loop in one frame (bench/seating.py)
    def _best_swap(self, key: int, iteration: int, aspiration: int, tabu: list[list[int]]):  # noqa: C901
        """The best allowed swap of the conflicting player ``key`` (ties broken at random), or None."""
        n, T, odd, fd, s5, pinned = self.n, self.T, self.odd, self.fd, self.s5, self.pinned
        r, p = divmod(key, n)
        tables, cm, mp, tb = self.tabs[r], self.cm[r], self.mp[r], tabu[r]
        t = self.where[r][p]
        rest = [x for x in tables[t] if x != p]
        odd_t = odd[t]
        base, lose_p = p * n, -mp[p]
        p_join_odd = ODD_DAY * fd[p] + ODD_SEASON * s5[p]
        p_leave_odd = ODD_DAY * (fd[p] - 1) + ODD_SEASON * s5[p]
        best_delta, moves = None, []
        for u in range(T):
            if u == t:
                continue
            members = tables[u]
            gain_p = lose_p
            for x in members:
                gain_p += cm[base + x]
            odd_u = odd[u]
            if odd_u != odd_t:
                gain_p += p_join_odd if odd_u else -p_leave_odd
            p_tabu = tb[p * T + u] > iteration
            for q in members:
                if pinned[q] >= 0:
                    continue
                bq = q * n
                delta = gain_p - mp[q] - cm[base + q]
                for x in rest:
                    delta += cm[bq + x]
                if odd_u != odd_t:
                    if odd_t:
                        delta += ODD_DAY * fd[q] + ODD_SEASON * s5[q]
                    else:
                        delta -= ODD_DAY * (fd[q] - 1) + ODD_SEASON * s5[q]
                if best_delta is not None and delta > best_delta:
                    continue
                if (p_tabu or tb[q * T + t] > iteration) and delta >= aspiration:
                    continue
                if best_delta is None or delta < best_delta:
                    best_delta, moves = delta, [(q, u)]
                else:
                    moves.append((q, u))
        if best_delta is None:
            return None
        q, u = moves[self.rng.below(len(moves))] if len(moves) > 1 else moves[0]
        return best_delta, r, p, t, q, u

    # complexity: the search's hot inner loop in one frame (bench/seating.py)
    def _swap(self, r: int, p: int, t: int, q: int, u: int) -> None:  # noqa: C901
        n, cms = self.n, self.cms
        tables = self.tabs[r]
        at_t, at_u = tables[t], tables[u]
        at_t[at_t.index(p)] = q
        at_u[at_u.index(q)] = p
        for x in at_t:
            if x != q:
                for cm in cms:
                    cm[p * n + x] -= HARD
                    cm[x * n + p] -= HARD
                    cm[q * n + x] += HARD
                    cm[x * n + q] += HARD
        for x in at_u:
            if x != p:
                for cm in cms:
                    cm[q * n + x] -= HARD
                    cm[x * n + q] -= HARD
                    cm[p * n + x] += HARD
                    cm[x * n + p] += HARD
        self.where[r][p], self.where[r][q] = u, t
        if self.odd[u] != self.odd[t]:
            step = 1 if self.odd[u] else -1
            self.fd[p] += step
            self.fd[q] -= step
        for x in at_t:
            self._refresh(r, x)
        for x in at_u:
            self._refresh(r, x)
        for other in range(self.R):
            if other != r:
                w, tabs = self.where[other], self.tabs[other]
                for x in tabs[w[p]]:
                    self._refresh(other, x)
                if w[q] != w[p]:
                    for x in tabs[w[q]]:
                        self._refresh(other, x)
