import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ChildTabs } from './child-tabs';

const items = [
  { id: 'a', label: 'Mei' },
  { id: 'b', label: 'Arun' },
  { id: 'add', label: 'Add Child' },
];

function Harness({ initial = 'a' }: { initial?: string }) {
  const [selected, setSelected] = useState(initial);
  return (
    <ChildTabs items={items} selectedId={selected} onSelect={setSelected}>
      <p>Panel of {selected}</p>
    </ChildTabs>
  );
}

const tab = (name: string) => screen.getByRole('tab', { name });

describe('ChildTabs', () => {
  it('is one tab stop with the selected tab controlling the labelled panel', () => {
    render(<Harness />);
    expect(screen.getByRole('tablist', { name: 'Children' })).toBeInTheDocument();
    expect(tab('Mei')).toHaveAttribute('aria-selected', 'true');
    expect(tab('Mei')).toHaveAttribute('tabindex', '0');
    expect(tab('Arun')).toHaveAttribute('aria-selected', 'false');
    expect(tab('Arun')).toHaveAttribute('tabindex', '-1');
    expect(tab('Add Child')).toHaveAttribute('tabindex', '-1');
    const panel = screen.getByRole('tabpanel', { name: 'Mei' });
    expect(tab('Mei')).toHaveAttribute('aria-controls', panel.id);
    expect(panel).toHaveTextContent('Panel of a');
  });

  it('arrow keys move focus and selection, wrapping at both ends; Home and End jump', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.tab();
    expect(tab('Mei')).toHaveFocus();

    await user.keyboard('{ArrowRight}');
    expect(tab('Arun')).toHaveFocus();
    expect(tab('Arun')).toHaveAttribute('aria-selected', 'true');
    expect(tab('Arun')).toHaveAttribute('tabindex', '0');
    expect(tab('Mei')).toHaveAttribute('tabindex', '-1');
    expect(screen.getByRole('tabpanel', { name: 'Arun' })).toHaveTextContent('Panel of b');

    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(tab('Mei')).toHaveFocus();

    await user.keyboard('{ArrowLeft}');
    expect(tab('Add Child')).toHaveFocus();
    expect(tab('Add Child')).toHaveAttribute('aria-selected', 'true');

    await user.keyboard('{Home}');
    expect(tab('Mei')).toHaveFocus();
    await user.keyboard('{End}');
    expect(tab('Add Child')).toHaveFocus();
  });

  it('Tab leaves the tab list for the panel instead of walking through every tab', async () => {
    const user = userEvent.setup();
    render(<Harness initial="b" />);
    await user.tab();
    expect(tab('Arun')).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('tabpanel')).toHaveFocus();
  });

  it('a click selects', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(tab('Add Child'));
    expect(tab('Add Child')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Add Child' })).toHaveTextContent('Panel of add');
  });
});
