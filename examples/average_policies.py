"""Average the weights of policy files fine-tuned from one parent into one policy file (a "model soup"), numpy only.

Two runs of ``train_rl_agent.py`` started from the same file (``--init``) with different seeds or batches stay
close to their parent in weight space, so their element-wise mean is a network too, and often a better player than
either: their different noise cancels. In MONSTRA two fine-tuned siblings that won 59.5 % and 59.8 % of 2,000
games against ``greedy`` averaged to 62.5 % on the same deals (docs/rl.md, "The baselines past 60 %"). Averaging
networks trained apart from the start (no common parent) gives no such thing: their hidden units are not in the
same order.

    .venv/bin/python examples/average_policies.py monstra-3a.npz monstra-3b.npz --save monstra-soup.npz
    monsterlair sim monstra --games 1000 --bots policy:path=monstra-soup.npz,greedy

The files must be of one game, player count and options, with layers of the same sizes; the saved file keeps the
first file's label unless ``--label`` gives one.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from train_rl_agent import HelpFormatter, help_text, saved_line  # noqa: E402  (the sibling example's words)

from monsterlair.bots.base import BadBotOptions  # noqa: E402
from monsterlair.bots.policy import PolicyNet, load_policy, save_policy  # noqa: E402


def shape(net: PolicyNet) -> tuple[Any, ...]:
    """What two policies must share to be averaged: game, players, options and every layer's size."""
    sizes = tuple(w.shape for w, _ in net.layers)
    return net.game, net.players, sorted(net.options.items()), sizes


def average(paths: Sequence[str]) -> PolicyNet:
    """The element-wise mean of the policy files' layers, with the first file's game, options and label.

    Raises:
        SystemExit: if a file cannot be read, fewer than two are given, or they differ in game, players,
            options or layer sizes (named in words).
    """
    if len(paths) < 2:
        raise SystemExit("Give at least two policy files to average.")
    try:
        nets = [load_policy(p) for p in paths]
    except BadBotOptions as exc:
        raise SystemExit(str(exc)) from None
    first = nets[0]
    for path, net in zip(paths[1:], nets[1:], strict=True):
        if shape(net) != shape(first):
            raise SystemExit(
                f"{path} is not the same kind of network as {paths[0]} (game, players, options or layer sizes "
                "differ): only networks fine-tuned from one parent can be averaged."
            )
    layers = tuple(
        (np.mean([net.layers[i][0] for net in nets], axis=0), np.mean([net.layers[i][1] for net in nets], axis=0))
        for i in range(len(first.layers))
    )
    return PolicyNet(
        first.game, first.players, first.options, first.observation_size, first.num_actions, layers, first.label
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=help_text(__doc__), formatter_class=HelpFormatter)
    parser.add_argument("files", nargs="+", help="policy files (.npz) fine-tuned from one parent")
    parser.add_argument(
        "--save", required=True, default=argparse.SUPPRESS, help="write the averaged policy to this .npz file"
    )
    parser.add_argument(
        "--label",
        default=argparse.SUPPRESS,
        help="the saved policy's name in a server's lobby (default: the first file's label)",
    )
    args = parser.parse_args()
    net = average(args.files)
    label = getattr(args, "label", net.label)
    saved = save_policy(args.save, net.layers, net.game, net.players, net.options, label=label)
    print(f"Averaged {len(args.files)} policy files.")
    print(saved_line(str(saved)))


if __name__ == "__main__":
    main()
