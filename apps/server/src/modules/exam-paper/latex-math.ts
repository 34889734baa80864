import {
  Math as DocxMath,
  type MathComponent,
  MathFraction,
  MathLimitLower,
  MathRadical,
  MathRun,
  MathSubScript,
  MathSubSuperScript,
  MathSuperScript,
} from 'docx';

// The formulas question authors write most (powers, indices, fractions, roots, Greek letters,
// relations, named functions) as Word's own equations (OMML), so a teacher can edit them in Word.
// Anything else throws, and the caller keeps the LaTeX source as text.

const SYMBOLS: Record<string, string> = {
  alpha: 'α',
  beta: 'β',
  gamma: 'γ',
  delta: 'δ',
  epsilon: 'ε',
  varepsilon: 'ε',
  zeta: 'ζ',
  eta: 'η',
  theta: 'θ',
  lambda: 'λ',
  mu: 'μ',
  nu: 'ν',
  xi: 'ξ',
  pi: 'π',
  rho: 'ρ',
  sigma: 'σ',
  tau: 'τ',
  phi: 'φ',
  varphi: 'φ',
  chi: 'χ',
  psi: 'ψ',
  omega: 'ω',
  Gamma: 'Γ',
  Delta: 'Δ',
  Theta: 'Θ',
  Lambda: 'Λ',
  Pi: 'Π',
  Sigma: 'Σ',
  Phi: 'Φ',
  Omega: 'Ω',
  infty: '∞',
  to: '→',
  rightarrow: '→',
  leftarrow: '←',
  Rightarrow: '⇒',
  cdot: '·',
  times: '×',
  div: '÷',
  pm: '±',
  mp: '∓',
  le: '≤',
  leq: '≤',
  ge: '≥',
  geq: '≥',
  neq: '≠',
  ne: '≠',
  approx: '≈',
  equiv: '≡',
  circ: '∘',
  partial: '∂',
  nabla: '∇',
  in: '∈',
  notin: '∉',
  subset: '⊂',
  subseteq: '⊆',
  cup: '∪',
  cap: '∩',
  forall: '∀',
  exists: '∃',
  sum: '∑',
  prod: '∏',
  int: '∫',
  cdots: '⋯',
  ldots: '…',
  dots: '…',
  angle: '∠',
  perp: '⊥',
  parallel: '∥',
  degree: '°',
};
const FUNCTIONS = new Set(['sin', 'cos', 'tan', 'cot', 'sec', 'csc', 'log', 'ln', 'lg', 'exp', 'lim', 'max', 'min']);
const LIMITS = new Set(['lim', 'max', 'min']);
const SPACES: Record<string, string> = { ',': '\u2009', ';': '\u2005', ' ': ' ', '!': '', quad: '\u2003' };

type Token = { kind: 'cmd' | 'char'; value: string };

function tokenize(latex: string): Token[] {
  const tokens: Token[] = [];
  for (let i = 0; i < latex.length; i++) {
    const c = latex[i]!;
    if (c === '\\') {
      const word = /^[a-zA-Z]+/.exec(latex.slice(i + 1))?.[0];
      const value = word ?? latex[i + 1] ?? '';
      tokens.push({ kind: 'cmd', value });
      i += value.length;
    } else if (!/\s/.test(c)) tokens.push({ kind: 'char', value: c });
  }
  return tokens;
}

class Parser {
  private at = 0;
  private lastName: string | null = null;
  constructor(private readonly tokens: Token[]) {}

  private peek(): Token | undefined {
    return this.tokens[this.at];
  }
  private next(): Token {
    const t = this.tokens[this.at++];
    if (!t) throw new Error('unexpected end');
    return t;
  }

  // Components until a closing brace (inside a group) or the end.
  sequence(inGroup: boolean): MathComponent[] {
    const out: MathComponent[] = [];
    let text = '';
    const flush = () => {
      if (text) out.push(new MathRun(text));
      text = '';
    };
    for (;;) {
      const t = this.peek();
      if (!t) {
        if (inGroup) throw new Error('unclosed group');
        break;
      }
      if (t.kind === 'char' && t.value === '}') {
        if (!inGroup) throw new Error('unopened group');
        this.at++;
        break;
      }
      const base = this.atom();
      const name = this.lastName;
      const scripts = this.scripts();
      if (!scripts && typeof base === 'string') {
        text += base;
        continue;
      }
      flush();
      const children = typeof base === 'string' ? (base ? [new MathRun(base)] : []) : base;
      if (scripts) out.push(this.scripted(children, scripts, name));
      else out.push(...children);
    }
    flush();
    return out;
  }

  private scripted(
    children: MathComponent[],
    s: { sub?: MathComponent[]; sup?: MathComponent[] },
    name: string | null,
  ): MathComponent {
    // lim, max, min take their condition below, as Word writes them.
    if (name && LIMITS.has(name) && s.sub && !s.sup) return new MathLimitLower({ children, limit: s.sub });
    if (s.sub && s.sup) return new MathSubSuperScript({ children, subScript: s.sub, superScript: s.sup });
    if (s.sup) return new MathSuperScript({ children, superScript: s.sup });
    return new MathSubScript({ children, subScript: s.sub ?? [] });
  }

  private scripts(): { sub?: MathComponent[]; sup?: MathComponent[] } | null {
    const found: { sub?: MathComponent[]; sup?: MathComponent[] } = {};
    for (let t = this.peek(); t?.kind === 'char' && (t.value === '^' || t.value === '_'); t = this.peek()) {
      this.at++;
      const arg = this.argument();
      if (t.value === '^') found.sup = arg;
      else found.sub = arg;
    }
    return found.sub || found.sup ? found : null;
  }

  // A braced group, or one token.
  private argument(): MathComponent[] {
    const base = this.atom();
    return typeof base === 'string' ? [new MathRun(base)] : base;
  }

  // Plain text (merged with its neighbours) or components.
  private atom(): string | MathComponent[] {
    const t = this.next();
    this.lastName = null;
    if (t.kind === 'char') {
      if (t.value === '{') return this.sequence(true);
      if (t.value === '^' || t.value === '_' || t.value === '}') throw new Error(`unexpected ${t.value}`);
      return t.value;
    }
    const v = t.value;
    if (v === 'frac' || v === 'dfrac' || v === 'tfrac') {
      return [new MathFraction({ numerator: this.argument(), denominator: this.argument() })];
    }
    if (v === 'sqrt') {
      let degree: MathComponent[] | undefined;
      if (this.peek()?.value === '[') {
        this.at++;
        const inner: Token[] = [];
        while (this.peek() && this.peek()?.value !== ']') inner.push(this.next());
        this.next();
        degree = new Parser(inner).sequence(false);
      }
      return [new MathRadical({ children: this.argument(), degree })];
    }
    if (v === 'left' || v === 'right') {
      const d = this.next();
      return d.value === '.' ? '' : d.kind === 'cmd' && d.value === '{' ? '{' : d.value;
    }
    if (v === 'text' || v === 'mathrm' || v === 'operatorname') {
      if (this.next().value !== '{') throw new Error('text needs a group');
      let raw = '';
      while (this.peek() && this.peek()?.value !== '}') raw += this.next().value;
      this.next();
      return raw;
    }
    if (v in SYMBOLS) return SYMBOLS[v]!;
    if (FUNCTIONS.has(v)) {
      this.lastName = v;
      // A thin space keeps the name apart from its argument (sin x, not sinx).
      return LIMITS.has(v) && this.peek()?.value === '_' ? v : `${v}\u2009`;
    }
    if (v in SPACES) return SPACES[v]!;
    if (v === '{' || v === '}' || v === '%' || v === '&' || v === '#' || v === '_' || v === '$') return v;
    throw new Error(`unknown command \\${v}`);
  }
}

export function latexMath(latex: string): DocxMath {
  return new DocxMath({ children: new Parser(tokenize(latex)).sequence(false) });
}
