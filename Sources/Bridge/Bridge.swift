// Bridge: conversions between STypedSignal and SUntypedSignal. Filled by the bridge issue.
