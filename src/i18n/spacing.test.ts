import { describe, expect, it } from 'vitest';
import { joinWords, spaceBetween } from './format';

describe('spaceBetween / joinWords: no space around full-width punctuation', () => {
  it('puts one space between English words', () => {
    expect(joinWords('Decode allocation', '(paused)')).toBe('Decode allocation (paused)');
    expect(spaceBetween('Client-side (hash ranges)', '2.98 MB/s')).toBe(' ');
  });
  it('puts none next to full-width punctuation, on either side', () => {
    expect(joinWords('反序列化内存分配', '（已暂停）')).toBe('反序列化内存分配（已暂停）');
    expect(joinWords('上一个问题的答案：', '取决于副本')).toBe('上一个问题的答案：取决于副本');
    expect(spaceBetween('客户端分片（哈希范围）', '2.98 MB/s')).toBe('');
    expect(spaceBetween('我的服务器在分片吗？', '·')).toBe('');
  });
});
