// SPDX-License-Identifier: GPL-2.0
/*
 * result.c - the diagnostics lines of a scenario's result.
 */
#include <stdarg.h>
#include <stdio.h>

#include "verdict/result.h"

void vd_diag(struct scn_result *r, const char *fmt, ...)
{
	va_list ap;

	if (r->ndiag >= VD_MAX_DIAG)
		return;
	va_start(ap, fmt);
	vsnprintf(r->diag[r->ndiag++], VD_DIAG_LEN, fmt, ap);
	va_end(ap);
}
