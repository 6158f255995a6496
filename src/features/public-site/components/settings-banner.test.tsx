// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SettingsBanner } from './settings-banner.tsx';

afterEach(cleanup);

const URL_A = 'http://127.0.0.1:54321/storage/v1/object/public/banners/voucher_1_a.png';
const URL_B = 'http://127.0.0.1:54321/storage/v1/object/public/banners/voucher_2_b.png';
/** The address of a stored banner at a size, through Storage's image transformation. */
const sized = (url: string, width: number, height: number) =>
  `${url.replace('/object/public/', '/render/image/public/')}?width=${width}&height=${height}&resize=cover`;

describe('<SettingsBanner />', () => {
  it('shows the image at its size (1x and 2x from Storage), with its alt text and loading mode', () => {
    render(<SettingsBanner url={URL_A} alt="Banner voucher" width={1200} height={300} loading="lazy" />);
    const image = screen.getByRole('img', { name: 'Banner voucher' });
    expect(image.getAttribute('src')).toBe(sized(URL_A, 1200, 300));
    expect(image.getAttribute('srcset')).toBe(`${sized(URL_A, 1200, 300)} 1200w, ${sized(URL_A, 2400, 600)} 2400w`);
    expect(image.getAttribute('width')).toBe('1200');
    expect(image.getAttribute('height')).toBe('300');
    expect(image.getAttribute('loading')).toBe('lazy');
  });

  it('renders nothing when unset or invalid', () => {
    const { container, rerender } = render(<SettingsBanner url={null} alt="Banner" width={1200} height={400} />);
    expect(container.innerHTML).toBe('');
    rerender(<SettingsBanner url="javascript:alert(1)" alt="Banner" width={1200} height={400} />);
    expect(container.innerHTML).toBe('');
  });

  it('disappears (wrapper included) when the image fails, and tries a new address again', () => {
    const { container, rerender } = render(<SettingsBanner url={URL_A} alt="Banner" width={1200} height={400} className="pt-10" />);
    fireEvent.error(screen.getByRole('img', { name: 'Banner' }));
    expect(container.innerHTML).toBe('');
    rerender(<SettingsBanner url={URL_B} alt="Banner" width={1200} height={400} className="pt-10" />);
    expect(screen.getByRole('img', { name: 'Banner' }).getAttribute('src')).toBe(sized(URL_B, 1200, 400));
  });
});
