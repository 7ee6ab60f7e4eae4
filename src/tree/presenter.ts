// How each node of the tree looks: its description, hover (Markdown), icon and context value, from its kind's row
// in ./looks.ts. provider.ts turns this into TreeItems; nothing here touches VS Code, so what the user reads is
// tested in plain Node.
//
// A context value is the node's kind, then its state as flags, space-separated: `record published drafts
// scheduledUnpublishing`, `environment sandbox ready active`. Menus select on them uniformly:
// `viewItem =~ /^record\b/ && viewItem =~ /\bpublished\b/`. Each kind's row lists every flag it can carry, so a
// test can check each menu's when clause against every context value there can be.
import type { TreeWords } from './labels';
import { LOOKS, lookOf, type Icon, type LookContext, type PresenterState } from './looks';
import type { MediaLook, MediaRow } from './mediaBranch';
import { isEmptyMediaQuery } from '../listing';
import type { TreeNode } from './nodes';
import type { TooltipFormat } from './tooltips';

export interface Presentation {
  label: string;
  description?: string;
  icon: Icon;
  contextValue: string;
}

/** Every context value the presenter can give (each kind with each combination of its flags). */
export function allContextValues(): string[] {
  const values: string[] = [];
  for (const [kind, { flagGroups }] of Object.entries(LOOKS)) {
    let combos: string[][] = [[kind]];
    for (const group of flagGroups) combos = combos.flatMap((combo) => [combo, ...group.map((flag) => [...combo, flag])]);
    values.push(...combos.map((combo) => combo.join(' ')));
  }
  return values;
}

export class TreePresenter {
  private made: TooltipFormat | undefined;
  private readonly context: LookContext;

  constructor(
    state: PresenterState,
    /** made on first use: Intl formatters cost milliseconds to build, too many for activation */
    private readonly makeFormat: () => TooltipFormat,
  ) {
    const format = () => this.format;
    this.context = {
      state,
      get format() {
        return format();
      },
      get words(): TreeWords {
        return { t: format().t, numbers: format().numbers };
      },
      // the Media node without a query looks the same whether the media feature was loaded or not: it is not loaded for it
      media: (node: MediaRow): MediaLook | undefined =>
        node.kind === 'media' && isEmptyMediaQuery(node.query) ? undefined : state.mediaLook?.(node),
    };
  }

  private get format(): TooltipFormat {
    return (this.made ??= this.makeFormat());
  }

  /** How a node looks in the list; its hover is `tooltip(node)`, asked when the user hovers it. */
  present(node: TreeNode): Presentation {
    const description = this.description(node);
    return {
      label: node.label,
      ...(description ? { description } : {}),
      icon: this.icon(node),
      contextValue: this.contextValue(node),
    };
  }

  contextValue(node: TreeNode): string {
    const look = lookOf(node);
    const flags = look.flags?.(node, this.context) ?? [];
    // only the flags the kind declares: a value outside them (an unknown status) must not reach a menu
    const known = new Set(look.flagGroups.flat());
    return [node.kind, ...flags.filter((flag): flag is string => typeof flag === 'string' && known.has(flag))].join(' ');
  }

  description(node: TreeNode): string | undefined {
    return lookOf(node).description?.(node, this.context);
  }

  tooltip(node: TreeNode): string | undefined {
    return lookOf(node).tooltip?.(node, this.context);
  }

  icon(node: TreeNode): Icon {
    return lookOf(node).icon(node, this.context);
  }
}
