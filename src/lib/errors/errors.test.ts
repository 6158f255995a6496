import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { ApiError, ConflictError, isNetworkError, isRetryableError, isSessionError, savedRow, saveUnlessConflict, toApiError, toVietnameseMessage, unwrap, unwrapList } from './errors.ts';

// Shapes as supabase-js 2.x produces them.
function authError(code: string | undefined, status: number, message = 'x', name = 'AuthApiError') {
  return Object.assign(new Error(message), { name, code, status, __isAuthError: true });
}
function postgrestError(code: string, message = 'msg', details = '') {
  return { code, message, details, hint: '' };
}
function storageError(status: number, statusCode: string, message = 'storage says no') {
  return Object.assign(new Error(message), { name: 'StorageApiError', status, statusCode });
}

describe('toVietnameseMessage: sign-in (docs/decisions.md#sign-in-errors)', () => {
  const login = { action: 'login' } as const;
  it('wrong email or password', () => {
    expect(toVietnameseMessage(authError('invalid_credentials', 400, 'Invalid login credentials'), login)).toBe(
      'Email hoặc mật khẩu không chính xác',
    );
  });
  it('rate limited, by code or by HTTP 429', () => {
    expect(toVietnameseMessage(authError('over_request_rate_limit', 429), login)).toBe('Quá nhiều lần thử. Vui lòng thử lại sau');
    expect(toVietnameseMessage(authError(undefined, 429, 'Too many'), login)).toBe('Quá nhiều lần thử. Vui lòng thử lại sau');
  });
  it('malformed email', () => {
    expect(toVietnameseMessage(authError('email_address_invalid', 400), login)).toBe('Email không hợp lệ');
    expect(toVietnameseMessage(authError('validation_failed', 400, 'Unable to validate email address: invalid format'), login)).toBe(
      'Email không hợp lệ',
    );
  });
  it('a new password above 72 bytes refused by the Auth server (400 validation_failed) gets its own message', () => {
    expect(
      toVietnameseMessage(authError('validation_failed', 400, 'Password cannot be longer than 72 characters'), { action: 'password' }),
    ).toBe('Mật khẩu mới tối đa 72 byte (72 ký tự không dấu; chữ có dấu tính 2–3 byte)');
  });
  it('network failure (AuthRetryableFetchError status 0, TypeError)', () => {
    expect(toVietnameseMessage(authError(undefined, 0, 'Failed to fetch', 'AuthRetryableFetchError'), login)).toBe(
      'Lỗi kết nối mạng. Vui lòng kiểm tra internet',
    );
    expect(toVietnameseMessage(new TypeError('Failed to fetch'), login)).toBe('Lỗi kết nối mạng. Vui lòng kiểm tra internet');
    expect(toVietnameseMessage(new TypeError('NetworkError when attempting to fetch resource.'), login)).toBe(
      'Lỗi kết nối mạng. Vui lòng kiểm tra internet',
    );
  });
  it('user not found and banned users', () => {
    expect(toVietnameseMessage(authError('user_not_found', 404), login)).toBe('Không tìm thấy tài khoản với email này');
    expect(toVietnameseMessage(authError('user_banned', 400), login)).toBe('Bạn không có quyền truy cập vào trang quản trị');
  });
  it('bad API key configuration', () => {
    expect(toVietnameseMessage(authError(undefined, 401, 'Invalid API key'), login)).toMatch(/khóa API/);
  });
  it('any other coded error shows code and message; otherwise the default message', () => {
    expect(toVietnameseMessage(authError('email_not_confirmed', 400, 'Email not confirmed'), login)).toBe(
      'Lỗi email_not_confirmed: Email not confirmed',
    );
    expect(toVietnameseMessage({}, login)).toBe('Đã xảy ra lỗi trong quá trình đăng nhập');
    expect(toVietnameseMessage(new Error('boom'), login)).toBe('Đã xảy ra lỗi trong quá trình đăng nhập');
  });
});

describe('toVietnameseMessage: password change (docs/product.md#messages-and-errors)', () => {
  const password = { action: 'password' } as const;
  it('wrong current password', () => {
    expect(toVietnameseMessage(authError('invalid_credentials', 400), password)).toBe('Mật khẩu hiện tại không chính xác');
  });
  it('too many attempts', () => {
    expect(toVietnameseMessage(authError('over_request_rate_limit', 429), password)).toBe('Quá nhiều lần thử. Vui lòng thử lại sau');
  });
  it('requires recent login: missing / expired / revoked session', () => {
    const expected = 'Vui lòng đăng nhập lại để thực hiện thao tác này';
    expect(toVietnameseMessage(authError(undefined, 400, 'Auth session missing!', 'AuthSessionMissingError'), password)).toBe(expected);
    expect(toVietnameseMessage(authError('session_not_found', 403), password)).toBe(expected);
    expect(toVietnameseMessage(authError('reauthentication_needed', 400), password)).toBe(expected);
    expect(toVietnameseMessage(authError('bad_jwt', 401), password)).toBe(expected);
  });
  it('same password, weak password, user not found', () => {
    expect(toVietnameseMessage(authError('same_password', 422), password)).toBe('Mật khẩu mới phải khác mật khẩu hiện tại');
    expect(toVietnameseMessage(authError('weak_password', 422, 'weak', 'AuthWeakPasswordError'), password)).toMatch(/quá yếu/);
    expect(toVietnameseMessage(authError('user_not_found', 404), password)).toBe('Không tìm thấy thông tin người dùng');
  });
  it('other errors: "Lỗi: {message}"', () => {
    expect(toVietnameseMessage(new Error('Something odd'), password)).toBe('Lỗi: Something odd');
  });
});

describe('toVietnameseMessage: PostgREST', () => {
  it('42501 permission denied, wording by action', () => {
    expect(toVietnameseMessage(postgrestError('42501', 'permission denied for table bookings'))).toBe(
      'Không có quyền truy cập dữ liệu. Vui lòng kiểm tra quyền đăng nhập.',
    );
    expect(toVietnameseMessage(postgrestError('42501'), { action: 'save' })).toBe(
      'Không có quyền cập nhật dữ liệu. Vui lòng kiểm tra quyền đăng nhập.',
    );
  });
  it('PGRST116 not found, with the caller’s noun', () => {
    expect(toVietnameseMessage(postgrestError('PGRST116', 'JSON object requested, multiple (or no) rows returned'))).toBe(
      'Không tìm thấy dữ liệu',
    );
    expect(toVietnameseMessage(postgrestError('PGRST116'), { notFound: 'Không tìm thấy booking' })).toBe('Không tìm thấy booking');
  });
  it('constraint violations', () => {
    expect(toVietnameseMessage(postgrestError('23505', 'duplicate key value'))).toBe('Dữ liệu đã tồn tại (trùng lặp)');
    expect(toVietnameseMessage(postgrestError('23514', 'violates check constraint'))).toBe('Giá trị không hợp lệ');
    expect(toVietnameseMessage(postgrestError('22P02', 'invalid input syntax for type uuid'))).toBe('Giá trị không hợp lệ');
    expect(toVietnameseMessage(postgrestError('23503', 'violates foreign key'))).toBe(
      'Dữ liệu liên quan không tồn tại hoặc vẫn đang được sử dụng',
    );
  });
  it('service unavailable: HTTP 503, connection codes, PGRST00x', () => {
    const expected = 'Dịch vụ hiện không khả dụng. Vui lòng thử lại sau.';
    expect(toVietnameseMessage(new ApiError({ message: 'Service Unavailable', status: 503 }))).toBe(expected);
    expect(toVietnameseMessage(postgrestError('08006', 'connection failure'))).toBe(expected);
    expect(toVietnameseMessage(postgrestError('PGRST001', 'Database client error'))).toBe(expected);
    expect(toVietnameseMessage(postgrestError('57P01', 'terminating connection'))).toBe(expected);
  });
  it('postgrest-js network failure (status 0, "TypeError: fetch failed")', () => {
    expect(toVietnameseMessage({ message: 'TypeError: fetch failed', details: '', hint: '', code: '' })).toBe(
      'Lỗi kết nối mạng. Vui lòng kiểm tra internet',
    );
  });
  it('an expired token on a data request asks to sign in again', () => {
    expect(toVietnameseMessage(new ApiError({ message: 'JWT expired', code: 'PGRST303', status: 401 }))).toBe(
      'Phiên đăng nhập đã hết hạn. Vui lòng đăng nhập lại',
    );
  });
  it('a raised exception from a trigger keeps its message', () => {
    expect(toVietnameseMessage(postgrestError('P0001', 'Số dư không đủ'))).toBe('Lỗi: Số dư không đủ');
  });
});

describe('toVietnameseMessage: Storage', () => {
  it('413, 415, 403, 404', () => {
    expect(toVietnameseMessage(storageError(413, '413', 'The object exceeded the maximum allowed size'), { action: 'upload' })).toBe(
      'File quá lớn. Vui lòng chọn file nhỏ hơn 5MB.',
    );
    expect(toVietnameseMessage(storageError(415, '415', 'mime type image/svg+xml is not supported'), { action: 'upload' })).toBe(
      'Định dạng file không được hỗ trợ. Vui lòng chọn file hình ảnh',
    );
    expect(toVietnameseMessage(storageError(403, '403', 'new row violates row-level security policy'), { action: 'upload' })).toBe(
      'Không có quyền tải file lên',
    );
    expect(toVietnameseMessage(storageError(403, '403'))).toBe('Không có quyền truy cập file');
    expect(toVietnameseMessage(storageError(404, '404', 'Object not found'))).toBe('Không tìm thấy file');
  });
  it('statusCode as a string only (older storage-js)', () => {
    expect(toVietnameseMessage({ name: 'StorageError', statusCode: '413', message: 'Payload too large' })).toBe(
      'File quá lớn. Vui lòng chọn file nhỏ hơn 5MB.',
    );
  });
});

describe('toVietnameseMessage: anything else', () => {
  it('"Lỗi: {message}" or a default', () => {
    expect(toVietnameseMessage(new Error('Unexpected end of JSON input'))).toBe('Lỗi: Unexpected end of JSON input');
    expect(toVietnameseMessage('chuỗi lỗi')).toBe('Lỗi: chuỗi lỗi');
    expect(toVietnameseMessage(null)).toBe('Đã xảy ra lỗi. Vui lòng thử lại');
    expect(toVietnameseMessage(undefined)).toBe('Đã xảy ra lỗi. Vui lòng thử lại');
    expect(toVietnameseMessage(42)).toBe('Đã xảy ra lỗi. Vui lòng thử lại');
  });
});

describe('classification helpers', () => {
  it('isNetworkError', () => {
    expect(isNetworkError(new TypeError('Failed to fetch'))).toBe(true);
    expect(isNetworkError(authError(undefined, 0, 'fetch failed', 'AuthRetryableFetchError'))).toBe(true);
    expect(isNetworkError(postgrestError('23505', 'duplicate'))).toBe(false);
    expect(isNetworkError(new TypeError('x is not a function'))).toBe(false);
    expect(isNetworkError(authError(undefined, 503, 'Service Unavailable', 'AuthRetryableFetchError'))).toBe(false);
  });
  it('a 5xx answer from Auth or the API says the server failed, never the network', () => {
    for (const status of [502, 503, 504]) {
      expect(toVietnameseMessage(authError(undefined, status, 'Bad Gateway', 'AuthRetryableFetchError'), { action: 'login' })).toBe(
        'Dịch vụ hiện không khả dụng. Vui lòng thử lại sau.',
      );
    }
    expect(toVietnameseMessage(authError('unexpected_failure', 500, 'Unexpected failure'), { action: 'login' })).toBe(
      'Máy chủ gặp lỗi khi xử lý yêu cầu. Vui lòng thử lại sau.',
    );
    expect(toVietnameseMessage(new ApiError({ message: 'boom', code: 'XX000', status: 500 }))).toBe(
      'Máy chủ gặp lỗi khi xử lý yêu cầu. Vui lòng thử lại sau.',
    );
  });
  it('isSessionError', () => {
    expect(isSessionError(new ApiError({ message: 'JWT expired', code: 'PGRST303', status: 401 }))).toBe(true);
    expect(isSessionError(authError('session_not_found', 403))).toBe(true);
    expect(isSessionError(authError('refresh_token_not_found', 400))).toBe(true);
    expect(isSessionError(authError('invalid_credentials', 400))).toBe(false);
    expect(isSessionError(new ApiError({ message: 'permission denied', code: '42501', status: 403 }))).toBe(false);
    expect(isSessionError(authError(undefined, 401, 'Invalid API key'))).toBe(false);
  });
  it('isRetryableError: network and 5xx yes, 4xx no', () => {
    expect(isRetryableError(new TypeError('Failed to fetch'))).toBe(true);
    expect(isRetryableError(new ApiError({ message: 'unavailable', status: 503 }))).toBe(true);
    expect(isRetryableError(new ApiError({ message: 'boom', status: 500 }))).toBe(true);
    expect(isRetryableError(new ApiError({ message: 'denied', code: '42501', status: 403 }))).toBe(false);
    expect(isRetryableError(new ApiError({ message: 'not found', code: 'PGRST116', status: 406 }))).toBe(false);
    expect(isRetryableError(postgrestError('23514'))).toBe(false);
  });
});

describe('unwrap', () => {
  it('returns data or throws an ApiError carrying code and HTTP status', () => {
    expect(unwrap({ data: [1, 2], error: null, status: 200 })).toEqual([1, 2]);
    let thrown: unknown;
    try {
      unwrap({ data: null, error: postgrestError('42501', 'permission denied'), status: 403 });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ApiError);
    expect(thrown).toMatchObject({ code: '42501', status: 403, message: 'permission denied' });
  });
  it('unwrapList returns rows and the count', () => {
    expect(unwrapList({ data: [{ id: 1 }], error: null, count: 120 })).toEqual({ rows: [{ id: 1 }], total: 120 });
    expect(unwrapList({ data: null, error: null, count: null })).toEqual({ rows: [], total: 0 });
  });
  it('toApiError keeps an existing ApiError', () => {
    const error = new ApiError({ message: 'x', code: 'c', status: 400 });
    expect(toApiError(error)).toBe(error);
  });
});

describe('toVietnameseMessage: an answer of the wrong shape', () => {
  it('is one Vietnamese sentence, never the validator\'s raw issues', () => {
    const refused = z.object({ rows: z.array(z.unknown()), total: z.number() }).safeParse({ rows: [] });
    expect(refused.success).toBe(false);
    expect(toVietnameseMessage(refused.error)).toBe('Máy chủ trả về dữ liệu không đúng định dạng. Vui lòng thử lại sau.');
  });
});

describe('optimistic concurrency', () => {
  it('answers the saved row, or a ConflictError with the screen\'s sentence when the update matched none', () => {
    expect(savedRow([{ id: 'x' }], 'changed')).toEqual({ id: 'x' });
    expect(() => savedRow([], 'changed')).toThrow(new ConflictError('changed'));
    expect(() => savedRow(null, 'changed')).toThrow(ConflictError);
  });

  it('closes the editor quietly on a conflict and lets any other failure reach it', async () => {
    await expect(saveUnlessConflict(() => Promise.reject(new ConflictError('changed')))).resolves.toBeUndefined();
    await expect(saveUnlessConflict(() => Promise.reject(new Error('network')))).rejects.toThrow('network');
    await expect(saveUnlessConflict(() => Promise.resolve({ id: 'x' }))).resolves.toBeUndefined();
  });
});
