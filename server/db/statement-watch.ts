/**
 * Every statement the portal sends, seen where it is sent: pg's pool and the clients a transaction
 * takes from it, or PGlite. Each is timed for whoever listens (the request metrics, issue 34) and,
 * while tracing is on and a request or a job is under way, gets a span (its SQL text, never its
 * parameters: they hold what people typed). With no listener and no tracing a statement goes
 * through untouched.
 */
import { trace } from '@opentelemetry/api';
import { inSpan, isTracing } from '../tracing/tracing';

/** What a statement was, for a label: a handful of values, never its text. */
export type StatementOperation = 'select' | 'insert' | 'update' | 'delete' | 'transaction' | 'other';

export interface StatementFigure {
  pool: 'primary' | 'replica';
  operation: StatementOperation;
  /** From sending it (waiting for a connection included) to its answer. */
  seconds: number;
  failed: boolean;
}

export type StatementListener = (figure: StatementFigure) => void;

const OPERATIONS: Record<string, StatementOperation> = {
  select: 'select',
  with: 'select',
  insert: 'insert',
  update: 'update',
  delete: 'delete',
  begin: 'transaction',
  commit: 'transaction',
  rollback: 'transaction',
  savepoint: 'transaction',
  release: 'transaction',
};

function keywordOf(text: string): string {
  return /^\s*(\w+)/.exec(text)?.[1]?.toLowerCase() ?? 'query';
}

function textOf(first: unknown): string {
  if (typeof first === 'string') {
    return first;
  }
  return typeof first === 'object' && first !== null && 'text' in first ? String(first.text) : '';
}

export class StatementWatch {
  private readonly listeners = new Set<StatementListener>();

  /** Calls `listener` after each statement; answers how to stop. */
  listen(listener: StatementListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Replaces `target.query(text, …)` by one that times and traces each statement. */
  watch(target: { query: (...args: never[]) => unknown }, pool: StatementFigure['pool']): void {
    const original = target.query as (this: unknown, ...args: unknown[]) => unknown;
    const listeners = this.listeners;
    target.query = function watchedQuery(this: unknown, ...args: unknown[]) {
      const [first] = args;
      // A request sampled out (OTEL_TRACES_SAMPLER) has a span that records nothing: its statements get none.
      const traced = isTracing() && trace.getActiveSpan()?.isRecording() === true;
      // Untouched: nobody watching, pg's callback form (the pool hands its client one: the pool's
      // own call is the one timed), and a streamed query (a cursor), which answers the stream itself.
      const isStreamed = typeof first === 'object' && first !== null && 'submit' in first;
      if ((listeners.size === 0 && !traced) || typeof args[args.length - 1] === 'function' || isStreamed) {
        return original.apply(this, args);
      }
      const text = textOf(first);
      const send = () => Promise.resolve(original.apply(this, args));
      const keyword = keywordOf(text);
      const started = performance.now();
      const answer = traced ? inSpan(`db ${keyword}`, { 'db.system.name': 'postgresql', 'db.query.text': text.slice(0, 2000) }, send) : send();
      if (listeners.size === 0) {
        return answer;
      }
      const report = (failed: boolean) => {
        const figure: StatementFigure = { pool, operation: OPERATIONS[keyword] ?? 'other', seconds: (performance.now() - started) / 1000, failed };
        for (const listener of listeners) {
          listener(figure);
        }
      };
      return answer.then(
        (result) => {
          report(false);
          return result;
        },
        (error: unknown) => {
          report(true);
          throw error;
        },
      );
    };
  }
}
