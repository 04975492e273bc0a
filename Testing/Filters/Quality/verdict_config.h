// Loom tests: the configuration header Debian's ParaView ships verdict.h without (verdict.h includes it):
// verdict is built as a shared library, its namespace mangled to vtkverdict by verdict.h itself.
#ifndef __verdict_config_h
#define __verdict_config_h
#define VERDICT_SHARED_LIB
#endif
