/* The OSC 52 clipboard sequence and its base64 (include/draughts/clipboard.h). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "draughts/clipboard.h"

static void test_base64_rfc4648(void **state)
{
    (void)state;
    /* the test vectors of RFC 4648, section 10: each padding case */
    static const char *const cases[][2] = {
        {"", ""},           {"f", "Zg=="},         {"fo", "Zm8="},         {"foo", "Zm9v"},
        {"foob", "Zm9vYg=="}, {"fooba", "Zm9vYmE="}, {"foobar", "Zm9vYmFy"},
    };
    char out[32];
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        assert_int_equal(dr_base64(cases[i][0], strlen(cases[i][0]), out, sizeof out),
                         strlen(cases[i][1]));
        assert_string_equal(out, cases[i][1]);
    }
    /* every 6-bit digit, the last two included: bytes fb ff bf -> "+/+/" */
    const unsigned char high[] = {0xfb, 0xff, 0xbf};
    assert_int_equal(dr_base64(high, 3, out, sizeof out), 4);
    assert_string_equal(out, "+/+/");
}

static void test_base64_too_small(void **state)
{
    (void)state;
    char out[8];
    /* "foobar" needs 8 digits and the 0 */
    assert_int_equal(dr_base64("foobar", 6, out, sizeof out), 0);
    assert_string_equal(out, "");
    assert_int_equal(dr_base64("fooba", 5, out, sizeof out), 0);
    assert_int_equal(dr_base64("foo", 3, out, 5), 4);
    assert_string_equal(out, "Zm9v");
}

static void test_osc52_fen(void **state)
{
    (void)state;
    char out[128];
    size_t n = dr_osc52("W:W31:B1", out, sizeof out);
    /* "W:W31:B1" is base64 "VzpXMzE6QjE=" */
    assert_string_equal(out, "\033]52;c;VzpXMzE6QjE=\a");
    assert_int_equal(n, strlen(out));
    assert_int_equal(dr_osc52("W:W31:B1", out, 12), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_base64_rfc4648),
        cmocka_unit_test(test_base64_too_small),
        cmocka_unit_test(test_osc52_fen),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
