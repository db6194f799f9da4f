// Nothing to import: the target defines two functions of the Swift runtime's (ProcessArguments.c).
#pragma once
