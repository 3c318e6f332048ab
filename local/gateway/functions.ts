// Runs supabase/functions/<name>/index.ts under real Deno: one long-lived process per function on a
// free loopback port (DENO_SERVE_ADDRESS), started on first use; the gateway proxies to it. In watch
// mode a change below the functions folder stops the affected processes; the next request starts
// them again with the new code. With typeCheck (the dev stack) Deno type-checks a function before it
// starts, so a type error shows in the log as the boot error instead of surfacing at run time.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, watch, type FSWatcher } from 'node:fs';
import { request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { connect } from 'node:net';
import path from 'node:path';
import { DENO_LOCKED_ARGS, DENO_LOCKED_ENV, lockFileOf } from '../deno-locks.ts';
import { freePort } from '../net.ts';

export interface FunctionRunnerOptions {
  functionsDir: string;
  env: Record<string, string>;
  denoBin: string;
  watch?: boolean;
  /** Type-check a function before it starts (`deno run --check`): a type error is a boot error. */
  typeCheck?: boolean;
  /**
   * The platform's request idle timeout: a function that has not answered after this long gets a
   * 504 and its worker is stopped (hosted Supabase: 150 s, the free plan's wall clock too).
   * Default REQUEST_IDLE_TIMEOUT_MS.
   */
  requestIdleTimeoutMs?: number;
  log?: (line: string) => void;
}

/** Hosted Supabase's edge functions: "Request idle timeout: 150s", then 504 Gateway Timeout. */
export const REQUEST_IDLE_TIMEOUT_MS = 150_000;

interface Instance {
  name: string;
  port: number;
  child: ChildProcess;
  ready: Promise<void>;
  exited: boolean;
}

export const FUNCTION_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;

/**
 * The client-address headers as hosted Supabase's edge (Cloudflare in front of the API gateway)
 * hands them to a function: cf-connecting-ip and x-real-ip are set to the TCP peer, overwriting what
 * the client sent, and the peer is appended to whatever X-Forwarded-For the client wrote. The
 * functions read them with supabase/functions/_shared/client-address.ts.
 */
export function platformClientHeaders(req: IncomingMessage): Record<string, string> {
  const peer = (req.socket.remoteAddress ?? '127.0.0.1').replace(/^::ffff:(?=\d+\.)/, '');
  const forwarded = req.headers['x-forwarded-for'];
  const claimed = Array.isArray(forwarded) ? forwarded.join(', ') : forwarded;
  return {
    'cf-connecting-ip': peer,
    'x-real-ip': peer,
    'x-forwarded-for': claimed ? `${claimed}, ${peer}` : peer,
  };
}

function waitForPort(
  port: number,
  child: ChildProcess,
  name: string,
  output: () => string,
  timeoutMs = 60_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    let done = false;
    const onExit = (code: number | null) => {
      if (done) return;
      done = true;
      reject(new Error(`function ${name} exited with code ${code} before listening\n${output()}`));
    };
    child.once('exit', onExit);
    const attempt = () => {
      if (done) return;
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        done = true;
        child.removeListener('exit', onExit);
        resolve();
      });
      socket.once('error', () => {
        socket.destroy();
        if (Date.now() > deadline) {
          done = true;
          child.kill('SIGKILL');
          reject(
            new Error(`function ${name} did not listen within ${timeoutMs / 1000} s\n${output()}`),
          );
        } else setTimeout(attempt, 40);
      });
    };
    attempt();
  });
}

export class FunctionRunner {
  private instances = new Map<string, Instance>();
  private watcher?: FSWatcher;
  private stopped = false;

  /** Kills the Deno children if this process exits without close() (crash, process.exit). */
  private readonly killAll = () => {
    for (const instance of this.instances.values()) instance.child.kill('SIGKILL');
  };

  constructor(private readonly options: FunctionRunnerOptions) {
    process.on('exit', this.killAll);
    if (options.watch && existsSync(options.functionsDir)) {
      this.watcher = watch(options.functionsDir, { recursive: true }, (_event, file) => {
        if (!file) return this.stopAll();
        const top = String(file).split(path.sep)[0]!;
        if (this.instances.has(top)) this.stopInstance(top, 'code changed');
        else if (!FUNCTION_NAME.test(top) || top.startsWith('_'))
          this.stopAll('shared code changed');
      });
    }
  }

  exists(name: string): boolean {
    return (
      FUNCTION_NAME.test(name) && existsSync(path.join(this.options.functionsDir, name, 'index.ts'))
    );
  }

  private start(name: string): Promise<Instance> {
    const existing = this.instances.get(name);
    if (existing && !existing.exited) return existing.ready.then(() => existing);
    return freePort().then((port) => {
      const again = this.instances.get(name);
      if (again && !again.exited) return again.ready.then(() => again);
      const dir = path.join(this.options.functionsDir, name);
      const args = ['run', '--allow-all', '--no-prompt'];
      if (this.options.typeCheck) args.push('--check');
      const config = path.join(dir, 'deno.json');
      const lock = lockFileOf(dir);
      // A function with its lock runs on exactly the packages it is deployed with: Deno's own npm
      // resolution from deno.json and deno.lock, frozen (a stale lock is a boot error), as the
      // deploy bundles it. Without one (the tests' fixtures) it takes the repository's node_modules.
      const locked = existsSync(config) && existsSync(lock);
      if (locked) args.push(...DENO_LOCKED_ARGS, `--lock=${lock}`, '--frozen');
      else args.push('--node-modules-dir=manual');
      if (existsSync(config)) args.push('--config', config);
      args.push(path.join(dir, 'index.ts'));
      const child = spawn(this.options.denoBin, args, {
        cwd: dir,
        env: {
          ...process.env,
          ...this.options.env,
          ...(locked ? DENO_LOCKED_ENV : {}),
          DENO_SERVE_ADDRESS: `tcp:127.0.0.1:${port}`,
          NO_COLOR: '1',
          DENO_NO_UPDATE_CHECK: '1',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      const log = (chunk: Buffer) => {
        const text = chunk.toString();
        output = (output + text).slice(-4000);
        for (const line of text.split('\n')) {
          if (line.trim() && !/^Listening on /.test(line))
            this.options.log?.(`[fn ${name}] ${line}`);
        }
      };
      child.stdout?.on('data', log);
      child.stderr?.on('data', log);
      const instance: Instance = {
        name,
        port,
        child,
        exited: false,
        ready: waitForPort(port, child, name, () => output),
      };
      child.once('exit', () => {
        instance.exited = true;
        if (this.instances.get(name) === instance) this.instances.delete(name);
      });
      instance.ready.catch(() => {
        instance.exited = true;
        if (this.instances.get(name) === instance) this.instances.delete(name);
      });
      this.instances.set(name, instance);
      return instance.ready.then(() => instance);
    });
  }

  async warm(names: string[]): Promise<void> {
    await Promise.allSettled(names.filter((n) => this.exists(n)).map((n) => this.start(n)));
  }

  async proxy(
    name: string,
    subPath: string,
    req: IncomingMessage,
    res: ServerResponse,
    body: Buffer,
  ): Promise<void> {
    if (this.stopped) throw new Error('function runner stopped');
    let instance: Instance;
    try {
      instance = await this.start(name);
    } catch (error) {
      this.options.log?.(String((error as Error).message));
      res.writeHead(503, { 'Content-Type': 'application/json' });
      res.end(
        JSON.stringify({
          code: 'BOOT_ERROR',
          message: 'Function failed to start (please check logs)',
        }),
      );
      return;
    }
    const headers = {
      ...req.headers,
      ...platformClientHeaders(req),
      host: `127.0.0.1:${instance.port}`,
    };
    delete headers['content-length'];
    delete headers.connection;
    // the body is sent whole with its Content-Length; a client's chunked encoding does not apply
    delete headers['transfer-encoding'];
    const idleMs = this.options.requestIdleTimeoutMs ?? REQUEST_IDLE_TIMEOUT_MS;
    await new Promise<void>((resolve) => {
      // no answer within the platform's idle timeout: 504, and the worker goes, as there
      const idle = setTimeout(() => {
        this.options.log?.(`[fn ${name}] no response within ${idleMs / 1000} s: 504`);
        upstream.destroy();
        if (!res.headersSent) {
          res.writeHead(504, { 'Content-Type': 'application/json' });
          res.end(
            JSON.stringify({
              code: 'IDLE_TIMEOUT',
              message: `Function did not respond within ${idleMs / 1000} s`,
            }),
          );
        }
        if (this.instances.get(name) === instance)
          this.stopInstance(name, `stopped after ${idleMs / 1000} s without a response`);
        resolve();
      }, idleMs);
      const upstream = httpRequest(
        {
          host: '127.0.0.1',
          port: instance.port,
          method: req.method,
          path: `/${name}${subPath}`,
          headers: { ...headers, 'content-length': String(body.length) },
        },
        (up) => {
          clearTimeout(idle);
          const out: Record<string, string | string[]> = {};
          for (const [k, v] of Object.entries(up.headers))
            if (v !== undefined && k !== 'connection') out[k] = v;
          res.writeHead(up.statusCode ?? 502, out);
          up.pipe(res);
          up.on('end', resolve);
          up.on('error', resolve);
        },
      );
      upstream.on('error', (error) => {
        clearTimeout(idle);
        if (res.writableEnded) return resolve();
        this.options.log?.(`[fn ${name}] request failed: ${error.message}`);
        if (!res.headersSent) {
          res.writeHead(502, { 'Content-Type': 'application/json' });
          res.end(JSON.stringify({ code: 'FUNCTION_ERROR', message: 'Function did not answer' }));
        } else res.destroy();
        resolve();
      });
      upstream.end(body);
    });
  }

  private stopInstance(name: string, reason?: string): void {
    const instance = this.instances.get(name);
    if (!instance) return;
    this.instances.delete(name);
    if (reason) this.options.log?.(`[fn ${name}] ${reason}, restarting on next request`);
    instance.child.kill('SIGTERM');
  }

  stopAll(reason?: string): void {
    for (const name of [...this.instances.keys()]) this.stopInstance(name, reason);
  }

  async close(): Promise<void> {
    this.stopped = true;
    process.removeListener('exit', this.killAll);
    this.watcher?.close();
    const children = [...this.instances.values()].map((i) => i.child);
    this.instances.clear();
    await Promise.all(
      children.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
            child.once('exit', () => {
              clearTimeout(timer);
              resolve();
            });
            child.kill('SIGTERM');
          }),
      ),
    );
  }
}
