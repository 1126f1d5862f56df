/**
 * A sandbox process for the pool's tests: it speaks the pool's protocol (ready, a beat every second,
 * progress, done/failed) and does what each task's input says, including what a hostile file makes a
 * reader do: use up memory, spin, freeze its main thread, write without end, or die.
 */
import { writeFileSync, appendFileSync } from 'node:fs';
import { VoterListError } from '@/lib/slips/ingest/errors';
import { toWire } from '@/lib/sandbox/errors';
import { keepCpuAllowance } from '@/lib/sandbox/process';
import type { ChildMessage, ParentMessage } from '@/lib/sandbox/protocol';

type Behaviour =
  | { do: 'answer'; value: unknown }
  | { do: 'refuse' }
  | { do: 'allocate' }
  | { do: 'spin' }
  | { do: 'burn'; ms: number }
  | { do: 'freeze' }
  | { do: 'wait' }
  | { do: 'write'; file: string }
  | { do: 'exit'; code: number }
  | { do: 'exit-once'; marker: string }
  | { do: 'oom-then-stacks' };

const send = (message: ChildMessage) => process.connected && process.send?.(message);
process.on('disconnect', () => process.exit(0));
setInterval(() => send({ type: 'beat' }), 1000).unref();

process.on('message', (message: ParentMessage) => {
  if (message.type !== 'run') return;
  const { id } = message;
  const input = message.input as Behaviour;
  const fail = (error: unknown) => send({ type: 'failed', id, error: toWire(error) });
  try {
    keepCpuAllowance(message.cpuSeconds);
    switch (input.do) {
      case 'answer':
        send({ type: 'progress', id, done: 1, total: 2 });
        send({ type: 'done', id, result: { value: input.value, pid: process.pid } });
        return;
      case 'refuse':
        throw new VoterListError('corrupt', 'The Excel file is damaged or not a valid workbook and cannot be read.');
      case 'allocate': {
        const kept: Buffer[] = [];
        for (;;) kept.push(Buffer.alloc(32 * 1024 * 1024, 1));
      }
      case 'spin':
      case 'freeze': {
        let n = 0;
        for (;;) n++;
      }
      case 'burn': {
        const end = Date.now() + input.ms;
        while (Date.now() < end);
        send({ type: 'done', id, result: { value: 'burnt', pid: process.pid } });
        return;
      }
      case 'wait':
        setTimeout(() => undefined, 3_600_000);
        return;
      case 'write': {
        writeFileSync(input.file, '');
        const block = Buffer.alloc(1024 * 1024, 0x41);
        for (;;) appendFileSync(input.file, block);
      }
      case 'exit':
        process.exit(input.code);
      case 'oom-then-stacks': {
        // as V8 dies of memory with several threads: the message first, then pages of native stacks
        process.stderr.write('FATAL ERROR: MarkCompactCollector: young object promotion failed Allocation failed - JavaScript heap out of memory\n');
        const frame = ' 7: 0x1112e9c v8::internal::Heap::CollectGarbage(v8::internal::AllocationSpace, v8::internal::GarbageCollectionReason) [vsg-sandbox parse]\n';
        process.stderr.write(frame.repeat(100), () => process.abort());
        return;
      }
      case 'exit-once':
        try {
          writeFileSync(input.marker, 'x', { flag: 'wx' });
        } catch {
          send({ type: 'done', id, result: { value: 'second time', pid: process.pid } });
          return;
        }
        process.exit(3);
    }
  } catch (error) {
    fail(error);
  }
});

send({ type: 'ready' });
