import { GRADES } from '@spellwell/shared';
import { describe, expect, it } from 'vitest';
import { commandForKey } from './keyboard';

describe('commandForKey', () => {
  it.each([
    ['1', { type: 'grade', grade: GRADES.easy }],
    ['2', { type: 'grade', grade: GRADES.medium }],
    ['3', { type: 'grade', grade: GRADES.difficult }],
    ['s', { type: 'skip' }],
    ['S', { type: 'skip' }],
    [' ', { type: 'toggle-word' }],
    ['p', { type: 'play' }],
    ['P', { type: 'play' }],
    ['u', { type: 'undo' }],
  ])('maps %j', (key, command) => {
    expect(commandForKey({ key, target: document.body }, false)).toEqual(command);
  });

  it.each(['4', '0', 'a', 'Enter', 'Escape', 'ArrowRight'])('ignores %j', (key) => {
    expect(commandForKey({ key, target: document.body }, false)).toBeNull();
  });

  it('ignores keys while a dialog is open', () => {
    expect(commandForKey({ key: '1', target: document.body }, true)).toBeNull();
  });

  it('ignores keys typed into a field', () => {
    const input = document.createElement('input');
    const textarea = document.createElement('textarea');
    expect(commandForKey({ key: '1', target: input }, false)).toBeNull();
    expect(commandForKey({ key: ' ', target: textarea }, false)).toBeNull();
  });

  it('ignores held-down keys and shortcuts with modifiers', () => {
    expect(commandForKey({ key: '1', repeat: true, target: document.body }, false)).toBeNull();
    expect(commandForKey({ key: 'p', ctrlKey: true, target: document.body }, false)).toBeNull();
    expect(commandForKey({ key: 's', metaKey: true, target: document.body }, false)).toBeNull();
    expect(commandForKey({ key: '2', altKey: true, target: document.body }, false)).toBeNull();
  });

  it('still works when a button has focus (Space must not press the focused grade button)', () => {
    const button = document.createElement('button');
    expect(commandForKey({ key: ' ', target: button }, false)).toEqual({ type: 'toggle-word' });
  });
});
