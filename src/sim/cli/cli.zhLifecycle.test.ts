import { describe, expect, it } from 'vitest';
import { runCli } from './cli';
import { displayWidth } from './text';

const LIFECYCLE = ['--pods', '2000', '--seconds', '30', '--api-servers', '3', '--gates', 'off,off,off', '--rollout-gates', 'on@5s/5s', '--replicas', '6'];
const RESHARD = ['--pods', '2000', '--seconds', '30', '--reshard', '4:5@5s:equal:all'];
const ENGLISH_ROWS = [
  'relists (410/reshard/error)',
  'relist bytes',
  'watch resumes (deadline/restart)',
  'watch deadlines (410 Gone on resume)',
  'BOOKMARKs received',
  'API-server CPU',
  'duplicate events kept/caught',
  'reshard at 5 s',
  'objects that changed owner',
  'orphan object-seconds',
  'duplicate object-seconds',
  'time to settle',
  'relists / relist bytes',
  'client-side',
];

describe('CLI --lang zh-CN: the lifecycle rows and the reshard table', () => {
  it('prints the lifecycle rows in Chinese and none of their English labels', () => {
    const out = runCli([...LIFECYCLE, '--lang', 'zh-CN']).stdout;
    expect(out).toContain('重新 LIST 次数（410/重新分片/错误）');
    expect(out).toContain('重新 LIST 的字节数');
    expect(out).toContain('Watch 续接次数（到期/重启）');
    expect(out).toContain('Watch 到期（续接时 410 Gone）');
    expect(out).toContain('收到的 BOOKMARK（被丢弃）');
    expect(out).toContain('API 服务器 CPU（Watch 发送路径）');
    expect(out).toContain('重复事件：保留/拦下（client-go）');
    for (const en of ENGLISH_ROWS) expect(out, en).not.toContain(en);
  });

  it('prints the reshard heading and rows in Chinese, lined up by terminal columns', () => {
    const out = runCli([...RESHARD, '--lang', 'zh-CN']).stdout;
    expect(out).toContain('5 秒时重新分片：4 → 5 个副本，全部同时，');
    for (const label of ['更换了负责副本的对象', '无负责副本的对象·秒', '重复负责的对象·秒（2 个以上副本）', '恢复所需时间（每个对象一个负责副本）', '重新 LIST 次数 / 字节数']) {
      const line = out.split('\n').find((l) => l.startsWith(label));
      expect(line, label).toBeDefined();
      expect(displayWidth(line!), label).toBe(40 + 18 + 18);
    }
    for (const en of ENGLISH_ROWS) expect(out, en).not.toContain(en);
  });

  it('keeps the English rows unchanged without --lang', () => {
    const out = runCli(RESHARD).stdout;
    expect(out).toContain('reshard at 5 s: 4 -> 5 replicas, all-at-once,');
    expect(out).toContain('objects that changed owner');
    const life = runCli(LIFECYCLE).stdout;
    expect(life).toContain('relists (410/reshard/error)');
    expect(life).toContain('watch resumes (deadline/restart)');
    expect(life).toContain('duplicate events kept/caught (client client-go)');
  });
});
