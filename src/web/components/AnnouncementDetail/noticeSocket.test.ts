import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HEARTBEAT_MS, noticeSocketUrl, openNoticeSocket, RECONNECT_MS } from './noticeSocket';

/** Stands in for the browser's WebSocket: the test opens, speaks and closes it. */
class FakeSocket {
  static OPEN = 1;
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: string[] = [];
  closed = false;
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onerror: (() => void) | null = null;
  onclose: (() => void) | null = null;
  constructor(readonly url: string, readonly protocols: string[]) { FakeSocket.all.push(this); }
  send(text: string) { this.sent.push(text); }
  close() { this.closed = true; this.readyState = 3; }
  open() { this.readyState = 1; this.onopen?.(); }
  say(data: unknown) { this.onmessage?.({ data: JSON.stringify(data) }); }
  drop() { this.readyState = 3; this.onclose?.(); }
}

beforeEach(() => {
  FakeSocket.all = [];
  vi.useFakeTimers();
  vi.stubGlobal('WebSocket', FakeSocket);
});
afterEach(() => { vi.useRealTimers(); vi.unstubAllGlobals(); });

const start = () => {
  const onNotice = vi.fn();
  const status: boolean[] = [];
  const stop = openNoticeSocket({ url: 'ws://h/jeecg-boot/websocket/u1', token: 'T1', onNotice, onStatus: (up) => status.push(up) });
  return { onNotice, status, stop };
};

describe('noticeSocket', () => {
  it('builds the socket address from the API base and the page', () => {
    expect(noticeSocketUrl('/jeecg-boot', 'u1', 'http://h:8080/2025/dashboard')).toBe('ws://h:8080/jeecg-boot/websocket/u1');
    expect(noticeSocketUrl('https://api.example.com/jeecg-boot/', 'u 1', 'http://h/2025/')).toBe('wss://api.example.com/jeecg-boot/websocket/u%201');
  });

  it('passes the token as the sub-protocol, says HeartBeat every 20 s and reloads on topic or user only', () => {
    const { onNotice, status } = start();
    const s = FakeSocket.all[0];
    expect(s.protocols).toEqual(['T1']);
    s.open();
    expect(status).toEqual([true]);
    vi.advanceTimersByTime(HEARTBEAT_MS * 2);
    expect(s.sent).toEqual(['HeartBeat', 'HeartBeat']);
    s.say({ cmd: 'heartcheck', msgTxt: '心跳响应' });
    s.say({ cmd: 'topic', msgId: 'a1' });
    s.say({ cmd: 'user', msgId: 'a2' });
    s.onmessage?.({ data: 'not json' });
    expect(onNotice).toHaveBeenCalledTimes(2);
    expect(onNotice).toHaveBeenLastCalledWith({ cmd: 'user', msgId: 'a2' });
  });

  it('tries again 5 s after a close or an error, and not after being stopped', () => {
    const { status, stop } = start();
    FakeSocket.all[0].open();
    FakeSocket.all[0].drop();
    expect(status).toEqual([true, false]);
    vi.advanceTimersByTime(RECONNECT_MS - 1);
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(2);
    FakeSocket.all[1].onerror?.();
    expect(FakeSocket.all[1].closed).toBe(true);
    vi.advanceTimersByTime(RECONNECT_MS);
    expect(FakeSocket.all).toHaveLength(3);
    stop();
    expect(FakeSocket.all[2].closed).toBe(true);
    vi.advanceTimersByTime(RECONNECT_MS * 3);
    expect(FakeSocket.all).toHaveLength(3);
  });
});
