import { describe, expect, it, vi } from 'vitest';
import { loadSyntaxErrors, needsSyntaxErrors, syntaxErrorsLoaded } from '../core/sharding';
import { inOrderAfterModel, needsSyntaxErrorModel } from './worker';
import type { MessageEndpoint, WorkerRequest, WorkerResponse } from './workerClient';
import type { SimParamsInput } from './params';

// The syntax-error model is not loaded when this file starts (each test file has its own
// modules), as in a worker that has just started: a malformed selector must still come back
// with cel-go's exact message, never the fast parser's provisional one.

const BAD = 'shardRange(object.metadata.uid,';
const EXACT = "invalid shard selector: CEL parse error: Syntax error: mismatched input '<EOF>' expecting {'[', '{', '(', '.', '-', '!', 'true', 'false', 'null', NUM_FLOAT, NUM_INT, NUM_UINT, STRING, BYTES, IDENTIFIER}";
const input = (text: string): SimParamsInput => ({ cluster: { pods: 100, namespaces: 2 }, replicas: { count: 2, selectors: [{ kind: 'text', text }, null] } });

describe('a selector whose syntax error the model must word', () => {
  it('is noticed in a create or reconfigure request, and only while the model is not loaded', () => {
    expect(syntaxErrorsLoaded()).toBe(false);
    expect(needsSyntaxErrors(BAD)).toBe(true);
    expect(needsSyntaxErrorModel({ id: 1, cmd: 'create', args: [input(BAD)] } as WorkerRequest)).toBe(true);
    expect(needsSyntaxErrorModel({ id: 1, cmd: 'reconfigure', args: [{ retyped: [{ at: 5, selectors: ['a', BAD] }] }] } as WorkerRequest)).toBe(true);
    // A selector the apiserver's walk refuses, a valid one, other commands: nothing to wait for.
    expect(needsSyntaxErrorModel({ id: 1, cmd: 'create', args: [input('a && b')] } as WorkerRequest)).toBe(false);
    expect(needsSyntaxErrorModel({ id: 1, cmd: 'create', args: [input("shardRange(object.metadata.uid, '0x0000000000000000', '0x8000000000000000')")] } as WorkerRequest)).toBe(false);
    expect(needsSyntaxErrorModel({ id: 1, cmd: 'snapshot', args: [] } as WorkerRequest)).toBe(false);
    expect(needsSyntaxErrorModel({ id: 1, cmd: 'create', args: [] } as WorkerRequest)).toBe(false);
  });
});

describe('requests in order, held while the model loads', () => {
  it('handles a request at once when nothing is held, and keeps the order of those behind a held one', async () => {
    const handled: string[] = [];
    const serve = inOrderAfterModel<string>((m) => m.startsWith('needs'), (m) => void handled.push(m));
    serve('a');
    expect(handled).toEqual(['a']);
    serve('needs b');
    serve('c');
    // Held: neither the request that needs the model nor the one after it has run.
    expect(handled).toEqual(['a']);
    await loadSyntaxErrors();
    await new Promise((r) => setTimeout(r, 0));
    expect(handled).toEqual(['a', 'needs b', 'c']);
    serve('d');
    expect(handled).toEqual(['a', 'needs b', 'c', 'd']);
  });
});

describe('the worker and the local client answer a malformed selector with cel-go’s message', () => {
  // Each test imports the model afresh, so that it starts with the syntax-error model not loaded.
  const fresh = async () => {
    vi.resetModules();
    const worker = await import('./worker');
    const core = await import('../core/sharding');
    expect(core.syntaxErrorsLoaded()).toBe(false);
    return { ...worker, ...core };
  };

  it('in a worker: the create waits for the model, and the request after it waits too', async () => {
    const { serveSimulation, loadSyntaxErrors } = await fresh();
    const posted: WorkerResponse[] = [];
    const listeners: ((e: { data: unknown }) => void)[] = [];
    const scope: MessageEndpoint = { postMessage: (m) => void posted.push(m as WorkerResponse), addEventListener: (_, l) => void listeners.push(l) };
    serveSimulation(scope);
    const send = (req: WorkerRequest) => listeners.forEach((l) => l({ data: req }));
    send({ id: 1, cmd: 'create', args: [input(BAD)] } as WorkerRequest);
    send({ id: 2, cmd: 'listFor', args: ['server', 0] } as WorkerRequest);
    expect(posted).toEqual([]);
    await loadSyntaxErrors();
    await new Promise((r) => setTimeout(r, 0));
    expect(posted.map((p) => p.id)).toEqual([1, 2]);
    const list = posted[1]!;
    expect(list.ok).toBe(true);
    if (list.ok) expect((list.result as { status: number; body: { message: string } }).body.message).toBe(EXACT);
  });

  it('on this thread: the same message', async () => {
    const { createLocalSimClient } = await fresh();
    const client = createLocalSimClient();
    await client.create(input(BAD));
    const list = await client.listFor('server', 0);
    expect(list.status).toBe(500);
    expect((list.body as { message: string }).message).toBe(EXACT);
  });

  it('a request handled without waiting for the model fails rather than answer with a provisional message', async () => {
    const { handleWorkerMessage } = await fresh();
    const { response } = handleWorkerMessage({ sim: null }, { id: 1, cmd: 'create', args: [input(BAD)] } as WorkerRequest);
    expect(response.ok).toBe(false);
    if (!response.ok) expect(response.error.message).toMatch(/not worded yet/);
  });
});
