import { afterEach, describe, expect, it } from 'vitest';
import { evaluateInTurn, listedRouteCode } from './route-code';
import { ROUTE_CODE_ID } from './route-code-id';

function listInPage(text: string) {
  const block = document.createElement('script');
  block.type = 'text/plain';
  block.id = ROUTE_CODE_ID;
  block.textContent = text;
  document.body.append(block);
}

afterEach(() => {
  document.getElementById(ROUTE_CODE_ID)?.remove();
});

describe("a pre-rendered page's route code", () => {
  it('is read from the list the build wrote', () => {
    listInPage('/assets/site-a.js /assets/news-b.js');
    expect(listedRouteCode()).toEqual(['/assets/site-a.js', '/assets/news-b.js']);
  });

  it('is none without a list, or with one that is not a list of script paths', () => {
    expect(listedRouteCode()).toEqual([]);
    listInPage('["/assets/a.js"]');
    expect(listedRouteCode()).toEqual([]);
    document.getElementById(ROUTE_CODE_ID)?.remove();
    listInPage('/assets/a.js https://elsewhere.example/x.js');
    expect(listedRouteCode()).toEqual([]);
    document.getElementById(ROUTE_CODE_ID)?.remove();
    listInPage('//elsewhere.example/x.js');
    expect(listedRouteCode()).toEqual([]);
  });

  it('is evaluated a file per task, in the listed order', async () => {
    const loaded: string[] = [];
    const done = evaluateInTurn(['/a.js', '/b.js', '/c.js'], (file) => {
      loaded.push(file);
      return Promise.resolve();
    });
    // However many promise callbacks run, the next file waits for a task of its own.
    for (let step = 0; step < 50; step += 1) await Promise.resolve();
    expect(loaded).toEqual(['/a.js']);
    await done;
    expect(loaded).toEqual(['/a.js', '/b.js', '/c.js']);
  });

  it('stops at a file that fails to load, leaving the rest to the router', async () => {
    const loaded: string[] = [];
    await evaluateInTurn(['/a.js', '/b.js', '/c.js'], (file) => {
      loaded.push(file);
      return file === '/b.js' ? Promise.reject(new Error('offline')) : Promise.resolve();
    });
    expect(loaded).toEqual(['/a.js', '/b.js']);
  });
});
